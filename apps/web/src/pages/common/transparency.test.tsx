/**
 * Proves the public transparency page: reached from home without a session; each section shows the
 * server's figures (the audit with every check by its translated name, a failed one with its offenders;
 * the liabilities roots with totals per coin and the link to one's own proof; each symbol's live sources
 * and tick age against the limit; the tick-chain and operator-log heads shortened, copied whole; the
 * insurance fund by day; the market maker's holdings, funding and open orders); and empty states.
 */
import { LEDGER_AUDIT_CHECKS, type TransparencyAnswer } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { en } from '../../i18n/en.ts';
import { enPages } from '../../i18n/en-pages.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { renderApp, renderRoutes } from '../../test/render-app.tsx';
import { TransparencyPage } from './transparency.tsx';

const WAIT = { timeout: 5000 };
const labels = { ...en, ...enPages }.transparency;
const ROOT = 'a1b2c3d4e5' + '0'.repeat(46) + '99887766';
const HEAD = 'feedbeef00' + '1'.repeat(46) + 'cafe0001';

const answer = (overrides: Partial<TransparencyAnswer> = {}): TransparencyAnswer => ({
  generated_at: '2026-11-28T10:00:00.000Z',
  audit: {
    ran_at: '2026-11-28T09:45:00.000Z',
    ok: false,
    entries: 1234,
    postings: 5678,
    checks: LEDGER_AUDIT_CHECKS.map((name) => ({ name, ok: name !== 'frozen_matches_holds', offenders: name === 'frozen_matches_holds' ? 2 : 0 })),
  },
  liabilities: [{ id: 4, day: '2026-11-28', taken_at: '2026-11-28T00:05:00.000Z', reason: 'daily', coins: ['USDT', 'BTC'], root: ROOT, totals: ['1500000.25', '12.5'], leaf_count: 321, demo: false }],
  feed: {
    kind: 'public',
    fresh_ms: 3000,
    symbols: [
      {
        symbol: 'BTC/USDT',
        kind: 'spot',
        available: true,
        sources: [
          { name: 'binance', live: true },
          { name: 'coinbase', live: true },
          { name: 'kraken', live: false },
          { name: 'okx', live: true },
        ],
        sources_required: 3,
        last_tick_at: '2026-11-28T09:59:58.500Z',
        age_ms: 1500,
        fresh: true,
      },
      { symbol: 'AAPL', kind: 'stock', available: false, sources: [], sources_required: 3, last_tick_at: null, age_ms: null, fresh: false },
    ],
  },
  tick_heads: [
    { day: '2026-11-28', heads: [{ symbol: 'BTC/USDT', tick_id: '991', time: Date.parse('2026-11-28T09:59:58.500Z'), hash: HEAD }] },
    { day: '2026-11-27', heads: [] },
  ],
  insurance_fund: [{ coin: 'USDT', days: Array.from({ length: 28 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, balance: i < 27 ? '1000000' : '1000005' })) }],
  market_maker: {
    account: 'market-maker',
    holdings: [
      { coin: 'USDT', available: '99990000', frozen: '10000' },
      { coin: 'BTC', available: '1530.5', frozen: '0.75' },
    ],
    open_orders: [{ symbol: 'BTC/USDT', count: 20 }],
    funding: [
      { coin: 'USDT', kind: 'market_maker_funding', amount: '100000000', entries: 1 },
      { coin: 'BTC', kind: 'market_maker_funding', amount: '1538.46153846', entries: 1 },
    ],
  },
  operator_log: [
    { day: '2026-11-27', seq: 812, hash: HEAD },
    { day: '2026-11-26', seq: 700, hash: ROOT },
  ],
  ...overrides,
});

const section = (name: string) => screen.findByRole('region', { name }, WAIT);

describe('transparency page', { timeout: 20_000 }, () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('is reached from home without a session', async () => {
    const api = fakeOkApi({ '/transparency': answer() });
    const { router } = renderApp('/');
    await act(async () => fireEvent.click(await screen.findByRole('link', { name: en.home.transparency }, WAIT)));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/common/transparency'), WAIT);
    expect(await section(labels.audit.title)).toBeTruthy();
    expect(api.of('/transparency')).toHaveLength(1);
  });

  it('shows the audit run with every check by name, a failed one with its offenders', async () => {
    fakeOkApi({ '/transparency': answer() });
    renderRoutes([{ path: '/', Component: TransparencyPage }], '/');
    const audit = await section(labels.audit.title);
    expect(within(audit).getByText(labels.audit.failed)).toBeTruthy();
    expect(audit.textContent).toContain('1234');
    expect(audit.textContent).toContain('5678');
    const rows = within(within(audit).getByRole('list')).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.transparency-row__label')!.textContent)).toEqual(LEDGER_AUDIT_CHECKS.map((name) => labels.audit.checks[name]));
    const frozen = rows.find((row) => row.textContent!.includes(labels.audit.checks.frozen_matches_holds))!;
    expect(within(frozen).getByRole('img', { name: labels.audit.failed }).textContent).toBe('✗');
    expect(frozen.textContent).toContain('Offenders: 2');
    expect(within(rows[0]!).getByRole('img', { name: labels.audit.passed }).textContent).toBe('✓');
  });

  it('shows the roots with totals per coin and the link to one\'s own proof; hashes shortened and copied whole', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fakeOkApi({ '/transparency': answer() });
    renderRoutes([{ path: '/', Component: TransparencyPage }], '/');
    const proof = await section(labels.liabilities.title);
    expect(within(proof).getByRole('link', { name: labels.liabilities.myProof }).getAttribute('href')).toBe('/pages/setting/liabilities');
    expect(within(proof).getByText('a1b2c3d4e5…99887766').getAttribute('title')).toBe(ROOT);
    const totals = proof.querySelector(`dl[aria-label="${labels.liabilities.totals}"]`)!;
    expect([...totals.children].map((pair) => pair.textContent)).toEqual(['USDT1500000.25', 'BTC12.5']);
    expect(proof.textContent).toContain('321');
    await act(async () => fireEvent.click(within(proof).getByRole('button', { name: labels.copy })));
    expect(writeText).toHaveBeenCalledWith(ROOT);

    const log = await section(labels.operatorLog.title);
    expect(log.textContent).toContain('2026-11-27 · Entry #812');
    expect(within(log).getByText('feedbeef00…cafe0001')).toBeTruthy();
  });

  it('shows each symbol\'s live sources and tick age against the limit, and the daily chain heads', async () => {
    fakeOkApi({ '/transparency': answer() });
    renderRoutes([{ path: '/', Component: TransparencyPage }], '/');
    const feed = await section(labels.feed.title);
    expect(feed.textContent).toContain('3.0 s');
    const btc = within(feed).getByRole('listitem', { name: 'BTC/USDT' });
    expect(btc.textContent).toContain('3 / 4');
    expect(btc.textContent).toContain('kraken · not live');
    expect(btc.textContent).toContain('binance · live');
    expect(btc.textContent).toContain('1.5 s ago · limit 3.0 s');
    expect(within(btc).getByText(labels.feed.fresh)).toBeTruthy();
    expect(within(feed).getByRole('listitem', { name: 'AAPL' }).textContent).toContain(labels.feed.noTick);

    const ticks = await section(labels.ticks.title);
    expect(ticks.textContent).toContain('2026-11-28');
    expect(within(ticks).getByText('feedbeef00…cafe0001').getAttribute('title')).toBe(HEAD);
    expect(ticks.textContent).toContain(labels.ticks.empty);
  });

  it('shows the insurance fund by day and the market maker\'s holdings, funding and open orders', async () => {
    fakeOkApi({ '/transparency': answer() });
    renderRoutes([{ path: '/', Component: TransparencyPage }], '/');
    const fund = await section(labels.insurance.title);
    const rows = within(within(fund).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(7);
    expect(rows[0]!.textContent).toBe('2026-11-281000005');
    expect(rows[1]!.textContent).toBe('2026-11-271000000');
    expect(within(fund).getByRole('img', { name: /USDT/ }).querySelector('polyline')!.getAttribute('points')!.split(' ')).toHaveLength(28);

    const maker = await section(labels.marketMaker.title);
    const holdings = within(maker).getByRole('table', { name: labels.marketMaker.holdings });
    expect(within(holdings).getAllByRole('row').map((r) => r.textContent)).toEqual(['CoinAvailableIn orders', 'USDT9999000010000', 'BTC1530.50.75']);
    const funding = within(maker).getByRole('list', { name: labels.marketMaker.funding });
    expect(funding.textContent).toContain('USDT · Funding from the platform\'s equity · Entries: 1100000000');
    expect(within(maker).getByRole('list', { name: labels.marketMaker.openOrders }).textContent).toBe('BTC/USDT20');
  });

  it('says so where there is nothing yet', async () => {
    fakeOkApi({
      '/transparency': answer({ audit: null, liabilities: [], feed: { kind: 'simulation', fresh_ms: 2250, symbols: [] }, insurance_fund: [], market_maker: null, operator_log: [] }),
    });
    renderRoutes([{ path: '/', Component: TransparencyPage }], '/');
    for (const [title, empty] of [
      [labels.audit.title, labels.audit.empty],
      [labels.liabilities.title, labels.liabilities.empty],
      [labels.feed.title, labels.feed.empty],
      [labels.insurance.title, labels.insurance.empty],
      [labels.marketMaker.title, labels.marketMaker.empty],
      [labels.operatorLog.title, labels.operatorLog.empty],
    ] as const) {
      expect(within(await section(title)).getByText(empty)).toBeTruthy();
    }
    expect(screen.getByText(labels.feed.simulation)).toBeTruthy();
  });
});
