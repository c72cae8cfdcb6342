import type { Catalogue } from '../catalogue.ts';

/** wealth: hk strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "查看全部",
  noProducts: "暫無在售產品",
  noProjects: "暫無進行中或即將開始的申購",
  todayRate: "今日 {{rate}}",
  dailyYield: "日收益率",
  apr: "年化收益率",
  dualTerms: "掛鉤價 {{price}} · {{date}} 到期",
  ieoPrice: "{{price}} {{pay}} / {{token}}",
  subscribed: "已申購",
  myHoldings: "我的持倉",
  inProgress: "進行中 {{count}} 筆",
  subscriptions_other: "申購 {{count}} 筆",
  productGone: "該產品不可用：可能已結束或已下架。",
  projectGone: "該項目不可用：可能已被下架。",
  backToList: "查看在售產品",
};
