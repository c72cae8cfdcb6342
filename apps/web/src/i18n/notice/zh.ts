import type { Catalogue } from '../catalogue.ts';

/** notice: zh strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: '消息通知',
  unread_one: '{{count}} 条未读',
  unread_other: '{{count}} 条未读',
  bellUnread_one: '消息通知，{{count}} 条未读',
  bellUnread_other: '消息通知，{{count}} 条未读',
  list: '通知列表',
  empty: '暂无通知',
  markAllRead: '全部标为已读',
  markRead: '标为已读',
  unreadItem: '未读',
  system: '系统公告',
  time: {
    justNow: '刚刚',
    minutes_one: '{{count}} 分钟前',
    minutes_other: '{{count}} 分钟前',
    hours_one: '{{count}} 小时前',
    hours_other: '{{count}} 小时前',
    days_one: '{{count}} 天前',
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
  },
  labelOnly: {
    superLeverage: '超级杠杆仅为标签：FairEx 不提供杠杆保证金交易。可自选倍数的合约交易请前往“合约”。',
    miniGame: '小游戏仅为标签：FairEx 不提供任何游戏。',
    chatRoom: '聊天室仅为标签：FairEx 没有公共聊天。如需帮助，请联系客服。',
  },
};
