/** feed: English: the reference for the other languages (./<lang>.ts). The simulated-prices banner and the K-line's source label. */
export const feed = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: 'Simulated prices: these prices come from a simulation, not from a market. Every product here settles on them.',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: 'Index price',
  chartTrades: 'Trades (index where none)',
};
