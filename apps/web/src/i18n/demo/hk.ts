import type { Catalogue } from '../catalogue.ts';

/** demo: hk strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "示範",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "盤口由平台做市商（帳戶 {{account}}）報價：其掛單真實，由平台出資。",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "開發環境：示範交易員（{{names}}）與其成交。",
};
