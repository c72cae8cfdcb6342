import type { Catalogue } from '../catalogue.ts';

/** feed: 한국어 The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: '시뮬레이션 가격: 이 가격은 시장이 아닌 시뮬레이션에서 나옵니다. 모든 상품은 이 가격으로 정산됩니다.',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: '지수 가격',
  chartTrades: '체결가 (체결이 없으면 지수)',
};
