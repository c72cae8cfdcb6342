/** notice: English strings, the reference for the other languages (./<lang>.ts). */
export const notice = {
  title: 'Notifications',
  unread_one: '{{count}} unread',
  unread_other: '{{count}} unread',
  bellUnread_one: 'Notifications, {{count}} unread',
  bellUnread_other: 'Notifications, {{count}} unread',
  list: 'Notification list',
  empty: 'No notifications yet',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unreadItem: 'Unread',
  system: 'System notice',
  time: {
    justNow: 'Just now',
    minutes_one: '{{count}} minute ago',
    minutes_other: '{{count}} minutes ago',
    hours_one: '{{count}} hour ago',
    hours_other: '{{count}} hours ago',
    days_one: '{{count}} day ago',
    days_other: '{{count}} days ago',
  },
  level: {
    basic: 'basic',
    advanced: 'advanced',
  },
  kind: {
    deposit_credited: {
      title: 'Deposit credited',
      body: '{{amount}} {{currency}} has been credited to your spot account.',
    },
    withdrawal_approved: {
      title: 'Withdrawal approved',
      body: 'Your withdrawal of {{number}} {{currency}} has been approved: {{arrival}} {{currency}} is on its way (fee {{fee}} {{currency}}).',
    },
    withdrawal_rejected: {
      title: 'Withdrawal rejected',
      body: 'Your withdrawal of {{number}} {{currency}} was rejected and the amount is available again. Reason: {{reason}}',
    },
    identity_approved: {
      title: 'Identity verified',
      body: 'Your {{level}} identity verification has been approved.',
    },
    identity_rejected: {
      title: 'Identity verification rejected',
      body: 'Your {{level}} identity verification was rejected. Reason: {{reason}}',
    },
    spot_order_filled: {
      title: 'Order filled',
      bodyBuy: 'Your {{symbol}} buy order for {{quantity}} was filled at an average price of {{price}}.',
      bodySell: 'Your {{symbol}} sell order for {{quantity}} was filled at an average price of {{price}}.',
    },
    mining_unlocked: {
      title: 'Lock-up mining ended',
      body: 'Your lock-up mining of {{amount}} {{currency}} reached its term: the principal is back in your spot account. Interest earned over the term: {{interest}} {{currency}}.',
    },
    dual_settled: {
      title: 'Dual investment settled',
      bodySuccess: '{{symbol}}: your {{amount}} {{currency}} investment settled and {{payout}} {{payout_currency}} was paid to your spot account.',
      bodyFail: '{{symbol}}: the index was not known at the settlement time, so your {{amount}} {{currency}} investment was refunded in full to your spot account.',
    },
    ieo_allocated: {
      title: 'IEO allocation',
      body: '{{project}}: you were allocated {{allocated}} {{token}} for {{charged}} {{pay_currency}}, and {{refunded}} {{pay_currency}} was refunded to your spot account.',
      locked: 'The tokens are locked until {{time}}.',
    },
    copy_skipped: {
      title: 'Copy skipped',
      body: 'Your contract account could not pay the margin and fee to copy {{trader}}’s {{symbol}} position, so no copy was opened. Transfer funds to your contract account to copy their next positions.',
    },
  },
  labelOnly: {
    superLeverage: 'Super leverage is a label only: FairEx does not offer leveraged margin trading. Futures, with the multiple you choose, are under Futures.',
    miniGame: 'The mini game is a label only: FairEx offers no game.',
    chatRoom: 'The chat room is a label only: FairEx has no public chat. For help, contact customer service.',
  },
};
