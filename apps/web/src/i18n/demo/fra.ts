import type { Catalogue } from '../catalogue.ts';

/** demo: fra strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "Démo",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "Les carnets sont cotés par le teneur de marché de la plateforme (compte {{account}}) : ses ordres sont réels et financés par la plateforme.",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "Démarrage de développement : des traders de démo ({{names}}) négocient contre lui.",
};
