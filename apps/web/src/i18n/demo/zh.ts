import type { Catalogue } from '../catalogue.ts';

/** demo: zh strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "演示",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "盘口由平台做市商（账户 {{account}}）报价：其挂单真实，由平台出资。",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "开发环境：演示交易员（{{names}}）与其成交。",
};
