import type { Catalogue } from '../catalogue.ts';

/** notice: jp strings, the same keys as ./en.ts. */
export const notice: Catalogue['notice'] = {
  title: 'お知らせ',
  unread_other: '未読 {{count}} 件',
  bellUnread_other: 'お知らせ、未読 {{count}} 件',
  list: 'お知らせ一覧',
  empty: 'お知らせはまだありません',
  markAllRead: 'すべて既読にする',
  markRead: '既読にする',
  unreadItem: '未読',
  system: 'システムのお知らせ',
  time: {
    justNow: 'たった今',
    minutes_other: '{{count}} 分前',
    hours_other: '{{count}} 時間前',
    days_other: '{{count}} 日前',
  },
  level: {
    basic: '基本',
    advanced: '上級',
  },
  kind: {
    deposit_credited: {
      title: '入金が反映されました',
      body: '{{amount}} {{currency}} が現物口座に入金されました。',
    },
    withdrawal_approved: {
      title: '出金が承認されました',
      body: '{{number}} {{currency}} の出金が承認されました：{{arrival}} {{currency}} を送金中です（手数料 {{fee}} {{currency}}）。',
    },
    withdrawal_rejected: {
      title: '出金が却下されました',
      body: '{{number}} {{currency}} の出金は却下され、その金額は再び利用できます。理由：{{reason}}',
    },
    identity_approved: {
      title: '本人確認が完了しました',
      body: '{{level}}本人確認が承認されました。',
    },
    identity_rejected: {
      title: '本人確認が却下されました',
      body: '{{level}}本人確認は却下されました。理由：{{reason}}',
    },
    spot_order_filled: {
      title: '注文が約定しました',
      bodyBuy: '{{symbol}} の買い注文（数量 {{quantity}}）が平均価格 {{price}} で全量約定しました。',
      bodySell: '{{symbol}} の売り注文（数量 {{quantity}}）が平均価格 {{price}} で全量約定しました。',
    },
    mining_unlocked: {
      title: 'ロックアップマイニングが満期になりました',
      body: '{{amount}} {{currency}} のロックアップマイニングが満期になり、元本が現物口座に戻りました。期間中の利息：{{interest}} {{currency}}。',
    },
    dual_settled: {
      title: 'デュアル投資が決済されました',
      bodySuccess: '{{symbol}}：{{amount}} {{currency}} の投資が決済され、{{payout}} {{payout_currency}} が現物口座に支払われました。',
      bodyFail: '{{symbol}}：決済時刻の指数価格が得られなかったため、{{amount}} {{currency}} の投資は現物口座に全額返金されました。',
    },
    ieo_allocated: {
      title: 'IEO の割当',
      body: '{{project}}：{{allocated}} {{token}} が割り当てられ、{{charged}} {{pay_currency}} を支払い、{{refunded}} {{pay_currency}} が現物口座に返金されました。',
      locked: 'トークンは {{time}} までロックされます。',
    },
    copy_skipped: {
      title: 'コピーがスキップされました',
      body: '先物口座の残高では {{trader}} の {{symbol}} ポジションをコピーする証拠金と手数料を支払えなかったため、コピーは建てられませんでした。次のポジションをコピーするには、先物口座に資金を振り替えてください。',
    },
  },
  labelOnly: {
    superLeverage: 'スーパーレバレッジは表示のみです：FairEx はレバレッジ付きの信用取引を提供していません。倍率を選べる先物取引は「先物」にあります。',
    miniGame: 'ミニゲームは表示のみです：FairEx はゲームを提供していません。',
    chatRoom: 'チャットルームは表示のみです：FairEx に公開チャットはありません。お困りの際はカスタマーサービスにお問い合わせください。',
  },
};
