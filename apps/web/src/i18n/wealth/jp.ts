import type { Catalogue } from '../catalogue.ts';

/** wealth: jp strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "すべて表示",
  noProducts: "現在販売中の商品はありません",
  noProjects: "受付中・受付予定の申込はありません",
  todayRate: "本日 {{rate}}",
  dailyYield: "日次利回り",
  apr: "年利",
  dualTerms: "連動価格 {{price}} · {{date}} 満期",
  ieoPrice: "1 {{token}} あたり {{price}} {{pay}}",
  subscribed: "申込済み",
  myHoldings: "保有状況",
  inProgress: "運用中 {{count}} 件",
  subscriptions_other: "申込 {{count}} 件",
  productGone: "この商品はご利用いただけません：終了したか、販売が停止された可能性があります。",
  projectGone: "このプロジェクトはご利用いただけません：取り下げられた可能性があります。",
  backToList: "販売中の商品を見る",
};
