import type { Catalogue } from '../catalogue.ts';

/** feed: Français The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: 'Prix simulés : ces prix viennent d’une simulation, pas d’un marché. Tous les produits ici se règlent sur eux.',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: 'Prix de l’indice',
  chartTrades: 'Transactions (indice à défaut)',
};
