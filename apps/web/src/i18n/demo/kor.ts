import type { Catalogue } from '../catalogue.ts';

/** demo: kor strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "데모",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "호가는 플랫폼 마켓 메이커(계정 {{account}})가 제시합니다. 그 주문은 실제 주문이며 플랫폼 자금으로 뒷받침됩니다.",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "개발 환경: 데모 트레이더({{names}})가 이와 거래합니다.",
};
