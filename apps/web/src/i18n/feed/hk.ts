import type { Catalogue } from '../catalogue.ts';

/** feed: 繁體中文（香港） The simulated-prices banner and the K-line's source label. */
export const feed: Catalogue['feed'] = {
  /** The banner on every screen while the price feed is the simulation (GET /getSiteConfig simulated_prices). */
  simulatedBanner: '模擬價格：本平台的價格來自模擬，並非市場行情。所有產品均按此價格結算。',
  /** The K-line's label: what its candles are drawn from. */
  chartIndex: '指數價格',
  chartTrades: '成交價（無成交時為指數）',
};
