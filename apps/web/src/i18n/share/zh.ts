import type { Catalogue } from '../catalogue.ts';

/** share: zh strings, the same keys as ./en.ts. */
export const share: Catalogue['share'] = {
  inviteCode: "邀请码",
  inviteLink: "邀请链接",
  copyCode: "复制邀请码",
  copyLink: "复制链接",
  qrCode: "邀请链接二维码",
  invited: "已邀请好友",
  earned: "已获返佣",
  noneYet: "暂无",
  howItWorks: "好友通过您的链接或邀请码注册后即成为您的受邀人。他们支付的交易手续费（现货、合约和期权）的 {{share}} 会在每笔交易后数秒内以手续费币种返到您的现货账户。",
  secondLevel: "他们邀请的好友支付的手续费，您也可获得 {{share}}。",
  lists: "邀请与返佣",
  invitees: "已邀请好友",
  rebates: "返佣记录",
  noInvitees: "还没有人使用您的邀请码注册",
  noRebates: "暂无返佣",
  registeredAt: "注册于",
  level: {
    "1": "您的受邀人",
    "2": "受邀人邀请的好友",
  },
  product: {
    spot: "现货",
    contract: "合约",
    options: "期权",
  },
  from: "来自",
  fee: "手续费",
  refunded: "抵扣券已退还",
  share: "比例",
  amount: "返佣",
  rebateOf: "返佣 {{amount}} {{coin}}",
  time: "时间",
};
