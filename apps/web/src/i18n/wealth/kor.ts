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
  productGone: "이 상품은 이용할 수 없습니다: 종료되었거나 판매가 중단되었을 수 있습니다.",
  projectGone: "이 프로젝트는 이용할 수 없습니다: 내려졌을 수 있습니다.",
  backToList: "판매 중인 상품 보기",
};
