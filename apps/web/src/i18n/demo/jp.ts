import type { Catalogue } from '../catalogue.ts';

/** demo: jp strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "デモ",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "板はプラットフォームのマーケットメイカー（アカウント {{account}}）が提示しています。その注文は実在し、プラットフォームの資金で裏付けられています。",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "開発環境：デモトレーダー（{{names}}）がこれと取引しています。",
};
