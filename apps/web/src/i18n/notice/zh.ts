import type { Catalogue } from '../catalogue.ts';

/** notice: zh strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: '消息通知',
  unread_other: '{{count}} 条未读',
  bellUnread_other: '消息通知，{{count}} 条未读',
  list: '通知列表',
  empty: '暂无通知',
  markAllRead: '全部标为已读',
  markRead: '标为已读',
  unreadItem: '未读',
  system: '系统公告',
  time: {
    justNow: '刚刚',
    minutes_other: '{{count}} 分钟前',
    hours_other: '{{count}} 小时前',
    days_other: '{{count}} 天前',
  },
  level: {
    basic: '初级',
    advanced: '高级',
  },
  kind: {
    deposit_credited: {
      title: '充值已到账',
      body: '{{amount}} {{currency}} 已存入您的现货账户。',
    },
    withdrawal_approved: {
      title: '提现已通过',
      body: '您提现的 {{number}} {{currency}} 已审核通过：{{arrival}} {{currency}} 正在转出（手续费 {{fee}} {{currency}}）。',
    },
    withdrawal_rejected: {
      title: '提现被拒绝',
      body: '您提现的 {{number}} {{currency}} 被拒绝，该金额已恢复可用。原因：{{reason}}',
    },
    identity_approved: {
      title: '身份认证已通过',
      body: '您的{{level}}身份认证已通过审核。',
    },
    identity_rejected: {
      title: '身份认证未通过',
      body: '您的{{level}}身份认证未通过审核。原因：{{reason}}',
    },
    spot_order_filled: {
      title: '订单已成交',
      bodyBuy: '您的 {{symbol}} 买单（数量 {{quantity}}）已全部成交，成交均价 {{price}}。',
      bodySell: '您的 {{symbol}} 卖单（数量 {{quantity}}）已全部成交，成交均价 {{price}}。',
    },
    mining_unlocked: {
      title: '锁仓挖矿已到期',
      body: '您 {{amount}} {{currency}} 的锁仓挖矿已到期：本金已退回您的现货账户。期内获得利息 {{interest}} {{currency}}。',
    },
    dual_settled: {
      title: '双币投资已结算',
      bodySuccess: '{{symbol}}：您投资的 {{amount}} {{currency}} 已结算，{{payout}} {{payout_currency}} 已支付到您的现货账户。',
      bodyFail: '{{symbol}}：结算时间的指数价格无法获得，您投资的 {{amount}} {{currency}} 已全额退回您的现货账户。',
    },
    ieo_allocated: {
      title: 'IEO 分配结果',
      body: '{{project}}：您获配 {{allocated}} {{token}}，支付 {{charged}} {{pay_currency}}，{{refunded}} {{pay_currency}} 已退回您的现货账户。',
      locked: '代币锁定至 {{time}}。',
    },
    copy_skipped: {
      title: '跟单已跳过',
      body: '您的合约账户不足以支付跟随 {{trader}} 的 {{symbol}} 持仓所需的保证金和手续费，因此未开立跟单。请向合约账户划转资金，以跟随其后续持仓。',
    },
  },
  labelOnly: {
    superLeverage: '超级杠杆仅为标签：FairEx 不提供杠杆保证金交易。可自选倍数的合约交易请前往“合约”。',
    miniGame: '小游戏仅为标签：FairEx 不提供任何游戏。',
    chatRoom: '聊天室仅为标签：FairEx 没有公共聊天。如需帮助，请联系客服。',
  },
};
