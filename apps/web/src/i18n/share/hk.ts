import type { Catalogue } from '../catalogue.ts';

/** share: hk strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {
  inviteCode: "邀請碼",
  inviteLink: "邀請連結",
  copyCode: "複製邀請碼",
  copyLink: "複製連結",
  qrCode: "邀請連結二維碼",
  invited: "已邀請好友",
  earned: "已獲返傭",
  noneYet: "暫無",
  howItWorks: "好友透過您的連結或邀請碼註冊後即成為您的受邀人。他們支付的交易手續費（現貨、合約和期權）的 {{share}} 會在每筆交易後數秒內以手續費幣種返到您的現貨帳戶。",
  secondLevel: "他們邀請的好友支付的手續費，您也可獲得 {{share}}。",
  lists: "邀請與返傭",
  invitees: "已邀請好友",
  rebates: "返傭記錄",
  noInvitees: "還沒有人使用您的邀請碼註冊",
  noRebates: "暫無返傭",
  registeredAt: "註冊於",
  level: {
    "1": "您的受邀人",
    "2": "受邀人邀請的好友",
  },
  product: {
    spot: "現貨",
    contract: "合約",
    options: "期權",
  },
  from: "來自",
  fee: "手續費",
  refunded: "抵扣券已退還",
  share: "比例",
  amount: "返傭",
  rebateOf: "返傭 {{amount}} {{coin}}",
  time: "時間",
};
