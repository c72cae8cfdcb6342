/** demo: English strings, the reference for the other languages (./<lang>.ts). The Demo badge and the market page's market-maker line. */
export const demo = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "Demo",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "The order books are quoted by the platform's market maker (account {{account}}): its orders are real and funded by the platform.",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "Development start: demo traders ({{names}}) trade against it.",
};
