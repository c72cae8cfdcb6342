import type { Catalogue } from '../catalogue.ts';

/** feed: 日本語 The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: 'シミュレーション価格：この価格は市場ではなくシミュレーションによるものです。すべての商品はこの価格で決済されます。',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: 'インデックス価格',
  chartTrades: '約定価格（約定がない時はインデックス）',
};
