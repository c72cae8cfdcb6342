import type { Catalogue } from '../catalogue.ts';

/** demo: spa strings, the same keys as ./en.ts. */
export const demo: Catalogue['demo'] = {
  /** The badge on every row a development start seeded (products, coupons, the NFT catalogue). */
  badge: "Prueba",
  /** The market page: who quotes the books, named as the back office names the account. */
  marketMaker: "Los libros los cotiza el creador de mercado de la plataforma (cuenta {{account}}): sus órdenes son reales y las financia la plataforma.",
  /** The market page on a development start: the demo traders whose orders fill against the market maker. */
  demoTraders: "Arranque de desarrollo: operadores de prueba ({{names}}) negocian contra él.",
};
