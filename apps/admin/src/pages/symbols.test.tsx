/**
 * Proves what the back office shows of the price feed against a faked API: the "Simulated prices"
 * banner while the feed is the simulation (none on a public feed); on the symbols page each public
 * source's configured host, labelled custom when it is not the exchange's own, each source's state
 * (live, stale, outlier) with its last price, and a simulated history labelled by its range, no seed.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SymbolList, SymbolRow } from '../api.ts';
import { SimulatedPricesBanner } from '../components/simulated-prices-banner.tsx';
import { LanguageProvider } from '../i18n.tsx';
import { fakeAdminApi, ok, renderPage } from '../test/render-page.tsx';
import { SymbolsPage, symbolsLoader } from './symbols.tsx';

const BTC: SymbolRow = {
  id: 1,
  symbol: 'BTC/USDT',
  kind: 'spot',
  base_currency_id: 2,
  base: 'BTC',
  quote_currency_id: 1,
  quote: 'USDT',
  start_price: '65000',
  volatility: 0.6,
  price_decimals: 2,
  quantity_decimals: 6,
  enabled: true,
  sort: 1,
  order_value_min: '5',
  price: '101',
  start_price_locked: true,
  index_status: {
    available: true,
    sources: ['binance', 'coinbase', 'kraken'],
    quotes: [
      { source: 'binance', status: 'live', price: '100', time: 1 },
      { source: 'coinbase', status: 'live', price: '101', time: 1 },
      { source: 'kraken', status: 'live', price: '102', time: 1 },
      { source: 'okx', status: 'outlier', price: '1000000', time: 1 },
    ],
  },
  simulated_history: { from: Date.UTC(2026, 7, 25), to: Date.UTC(2026, 10, 23), stepMs: 60_000 },
};
const LIST: SymbolList = {
  symbols: [BTC],
  coins: [],
  feed: {
    kind: 'public',
    sources: [
      { source: 'binance', url: 'http://10.0.0.5:8001', host: '10.0.0.5:8001', custom: true },
      { source: 'okx', url: 'https://www.okx.com', host: 'www.okx.com', custom: false },
    ],
  },
};

describe('price feed in the back office', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the simulated prices banner while the feed is the simulation, and none on a public feed', async () => {
    fakeAdminApi({ 'GET /api/getSiteConfig': ok({ simulated_prices: true }) });
    const { unmount } = render(
      <LanguageProvider>
        <SimulatedPricesBanner />
      </LanguageProvider>,
    );
    expect(await screen.findByText(/^Simulated prices: /)).toBeTruthy();
    unmount();
    const api = fakeAdminApi({ 'GET /api/getSiteConfig': ok({ simulated_prices: false }) });
    render(
      <LanguageProvider>
        <SimulatedPricesBanner />
      </LanguageProvider>,
    );
    await vi.waitFor(() => expect(api.of('GET', '/api/getSiteConfig')).toHaveLength(1));
    expect(screen.queryByText(/^Simulated prices: /)).toBeNull();
  });

  it('labels a source pointed away from its exchange as custom (the review redirected all four unseen), and shows the outlier dropped', { timeout: 30_000 }, async () => {
    fakeAdminApi({ 'GET /symbols': ok(LIST) });
    renderPage({ path: '/symbols', url: '/symbols', loader: symbolsLoader, Component: SymbolsPage, role: 'admin' });
    expect(await screen.findByText('http://10.0.0.5:8001', {}, { timeout: 25_000 })).toBeTruthy();
    expect(screen.getAllByText('custom')).toHaveLength(1);
    expect(screen.getByText('https://www.okx.com')).toBeTruthy();
    expect(screen.getByText('okx: outlier 1000000')).toBeTruthy();
    expect(screen.getByText('binance: live 100')).toBeTruthy();
    expect(screen.getByText('Simulated history 2026-08-25 – 2026-11-23')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/seed/i);
  });
});
