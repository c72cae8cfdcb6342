import type { Catalogue } from '../catalogue.ts';

/** wealth: kor strings for the finance tab, the same keys as ./en.ts. */
export const wealth: Catalogue['wealth'] = {
  viewAll: "전체 보기",
  noProducts: "현재 판매 중인 상품이 없습니다",
  noProjects: "진행 중이거나 예정된 청약이 없습니다",
  todayRate: "오늘 {{rate}}",
  dailyYield: "일일 수익률",
  apr: "연 수익률",
  dualTerms: "연동 가격 {{price}} · {{date}} 만기",
  ieoPrice: "{{token}}당 {{price}} {{pay}}",
  subscribed: "청약률",
  myHoldings: "내 보유 현황",
  inProgress: "진행 중 {{count}}건",
  subscriptions_other: "청약 {{count}}건",
};
