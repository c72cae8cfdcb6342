import type { Catalogue } from '../catalogue.ts';

/** feed: 简体中文 The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: '模拟价格：本平台的价格来自模拟，并非市场行情。所有产品均按此价格结算。',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: '指数价格',
  chartTrades: '成交价（无成交时为指数）',
};
