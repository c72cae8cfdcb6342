import type { Catalogue } from '../catalogue.ts';

/** notice: hk strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: '消息通知',
  unread_other: '{{count}} 則未讀',
  bellUnread_other: '消息通知，{{count}} 則未讀',
  list: '通知列表',
  empty: '暫無通知',
  markAllRead: '全部標為已讀',
  markRead: '標為已讀',
  unreadItem: '未讀',
  system: '系統公告',
  time: {
    justNow: '剛剛',
    minutes_other: '{{count}} 分鐘前',
    hours_other: '{{count}} 小時前',
    days_other: '{{count}} 天前',
  },
  level: {
    basic: '初級',
    advanced: '高級',
  },
  kind: {
    deposit_credited: {
      title: '充值已到賬',
      body: '{{amount}} {{currency}} 已存入您的現貨賬戶。',
    },
    withdrawal_approved: {
      title: '提現已通過',
      body: '您提現的 {{number}} {{currency}} 已審核通過：{{arrival}} {{currency}} 正在轉出（手續費 {{fee}} {{currency}}）。',
    },
    withdrawal_rejected: {
      title: '提現被拒絕',
      body: '您提現的 {{number}} {{currency}} 被拒絕，該金額已恢復可用。原因：{{reason}}',
    },
    identity_approved: {
      title: '身份認證已通過',
      body: '您的{{level}}身份認證已通過審核。',
    },
    identity_rejected: {
      title: '身份認證未通過',
      body: '您的{{level}}身份認證未通過審核。原因：{{reason}}',
    },
    spot_order_filled: {
      title: '訂單已成交',
      bodyBuy: '您的 {{symbol}} 買單（數量 {{quantity}}）已全部成交，成交均價 {{price}}。',
      bodySell: '您的 {{symbol}} 賣單（數量 {{quantity}}）已全部成交，成交均價 {{price}}。',
    },
    mining_unlocked: {
      title: '鎖倉挖礦已到期',
      body: '您 {{amount}} {{currency}} 的鎖倉挖礦已到期：本金已退回您的現貨帳戶。期內獲得利息 {{interest}} {{currency}}。',
    },
    dual_settled: {
      title: '雙幣投資已結算',
      bodySuccess: '{{symbol}}：您投資的 {{amount}} {{currency}} 已結算，{{payout}} {{payout_currency}} 已支付到您的現貨帳戶。',
      bodyFail: '{{symbol}}：結算時間的指數價格無法取得，您投資的 {{amount}} {{currency}} 已全額退回您的現貨帳戶。',
    },
    ieo_allocated: {
      title: 'IEO 分配結果',
      body: '{{project}}：您獲配 {{allocated}} {{token}}，支付 {{charged}} {{pay_currency}}，{{refunded}} {{pay_currency}} 已退回您的現貨帳戶。',
      locked: '代幣鎖定至 {{time}}。',
    },
    copy_skipped: {
      title: '跟單已跳過',
      body: '您的合約帳戶不足以支付跟隨 {{trader}} 的 {{symbol}} 持倉所需的保證金和手續費，因此未開立跟單。請向合約帳戶劃轉資金，以跟隨其後續持倉。',
    },
  },
  labelOnly: {
    superLeverage: '超級槓桿僅為標籤：FairEx 不提供槓桿保證金交易。可自選倍數的合約交易請前往「合約」。',
    miniGame: '小遊戲僅為標籤：FairEx 不提供任何遊戲。',
    chatRoom: '聊天室僅為標籤：FairEx 沒有公共聊天。如需協助，請聯絡客服。',
  },
};
