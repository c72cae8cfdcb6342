import type { Catalogue } from '../catalogue.ts';

/** feed: ภาษาไทย The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: 'ราคาจำลอง: ราคาเหล่านี้มาจากการจำลอง ไม่ใช่จากตลาด ทุกผลิตภัณฑ์ที่นี่ชำระตามราคานี้',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: 'ราคาดัชนี',
  chartTrades: 'ราคาซื้อขาย (ดัชนีเมื่อไม่มีการซื้อขาย)',
};
