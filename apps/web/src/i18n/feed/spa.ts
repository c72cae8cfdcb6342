import type { Catalogue } from '../catalogue.ts';

/** feed: Español The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: 'Precios simulados: estos precios vienen de una simulación, no de un mercado. Todos los productos se liquidan con ellos.',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: 'Precio del índice',
  chartTrades: 'Operaciones (índice si no hay)',
};
