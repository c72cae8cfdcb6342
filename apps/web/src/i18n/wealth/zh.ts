import type { Catalogue } from '../catalogue.ts';

/** wealth: zh strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "查看全部",
  noProducts: "暂无在售产品",
  noProjects: "暂无进行中或即将开始的申购",
  todayRate: "今日 {{rate}}",
  dailyYield: "日收益率",
  apr: "年化收益率",
  dualTerms: "挂钩价 {{price}} · {{date}} 到期",
  ieoPrice: "{{price}} {{pay}} / {{token}}",
  subscribed: "已申购",
  myHoldings: "我的持仓",
  inProgress: "进行中 {{count}} 笔",
  subscriptions_other: "申购 {{count}} 笔",
  productGone: "该产品不可用：可能已结束或已下架。",
  projectGone: "该项目不可用：可能已被下架。",
  backToList: "查看在售产品",
};
