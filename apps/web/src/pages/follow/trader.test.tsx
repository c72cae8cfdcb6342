/**
 * Proves the trader's page: every statistic, the chart of cumulative P&L, how the figures are computed
 * (period, formula, when recomputed, time zone, when last), the closed trades; Follow or Edit follow, or why the
 * caller cannot follow; and that a missing id leads to the list, a wrong one or an unavailable trader says
 * so with a link to it.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { follow, LIMITS, openCopy, page, trade, traderCard, traderDetail, WAIT } from './test-fixtures.tsx';

const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling?.textContent;

function open(detail = traderDetail(), trades = page([trade(), trade({ id: 902, side: 'short', profit: '-40', margin: '400' })]), loggedIn = true) {
  const api = fakeOkApi({ '/follow/traderDetail': detail, '/follow/historyTrade': trades, '/follow/index': page([traderCard()]) });
  const router = openCopy('/pages/follow/trader?id=21', { loggedIn });
  return { api, router };
}

describe('trader page', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows every statistic, the chart and how the figures are computed when the detail answers', async () => {
    open(traderDetail({ stats: { ...traderCard().stats, computed_at: Date.now() - 20 * 60_000 } }));
    const stats = await screen.findByRole('region', { name: 'Statistics' }, WAIT);
    expect(figure(stats, 'Total P&L')).toBe('80 USDT');
    expect(figure(stats, 'Total return')).toBe('8.00%');
    expect(figure(stats, 'Accuracy')).toBe('66.67%');
    expect(figure(stats, 'Profitable orders')).toBe('2');
    expect(figure(stats, 'Successful longs')).toBe('1');
    expect(figure(stats, 'Successful shorts')).toBe('1');
    expect(figure(stats, 'Open positions')).toBe('2');
    expect(figure(stats, 'Total orders')).toBe('3');
    expect(figure(stats, 'Followers')).toBe('1.3K');
    expect(figure(stats, 'Trades yesterday')).toBe('1');

    const chart = screen.getByRole('region', { name: 'Cumulative P&L by day' });
    const drawing = within(chart).getByRole('img', { name: 'Cumulative P&L from 2026-11-23 to 2026-11-25: 100 USDT at the start, 80 USDT at the end' });
    expect(drawing.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(3);
    const method = chart.textContent ?? '';
    expect(method).toContain('Computed from this trader’s own closed positions since');
    expect(method).toContain('copies of other traders are not counted');
    expect(method).toContain('Total return = total P&L ÷ margin the closed positions committed. Accuracy = positions closed at a net profit ÷ positions closed.');
    expect(method).toContain('Recomputed after each position this trader closes, and every hour; days and “yesterday” follow the Asia/Shanghai calendar.');
    expect(method).toContain('Last computed 20 minutes ago');
  });

  it('says the figures are not computed yet, not that the trader has no closed positions, before their first computation', async () => {
    open(traderDetail({ stats: { ...traderCard().stats, computed_at: null, first_trade_at: null } }));
    const chart = await screen.findByRole('region', { name: 'Cumulative P&L by day' }, WAIT);
    expect(chart.textContent).toContain('Not computed yet');
    expect(chart.textContent).not.toContain('no closed positions');
  });

  it('says the trader has no closed positions yet once figures computed found none', async () => {
    open(traderDetail({ stats: { ...traderCard().stats, computed_at: Date.now(), first_trade_at: null } }));
    const chart = await screen.findByRole('region', { name: 'Cumulative P&L by day' }, WAIT);
    expect(chart.textContent).toContain('This trader has no closed positions yet; the figures start with the first one.');
  });

  it('lists the trader’s closed trades with their net result', async () => {
    const { api } = open();
    const trades = within(await screen.findByRole('list', { name: 'Closed trades' }, WAIT));
    const long = trades.getByRole('article', { name: 'BTCUSDT 901' });
    expect(long.textContent).toContain('Long');
    expect(figure(long, 'Open price')).toBe('64000');
    expect(figure(long, 'Close price')).toBe('65000');
    expect(within(long).getByText('100 USDT').className).toBe('text-up');
    expect(within(trades.getByRole('article', { name: 'BTCUSDT 902' })).getByText('-40 USDT').className).toBe('text-down');
    expect(api.of('/follow/historyTrade')[0]!.params).toMatchObject({ trader_user_id: '21', page: '1' });
  });

  it('offers Follow when the caller may follow, leading to the follow form', async () => {
    const { router } = open();
    const head = await screen.findByRole('region', { name: 'Alice' }, WAIT);
    await act(async () => fireEvent.click(within(head).getByRole('link', { name: 'Follow' })));
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/pages/follow/follow?id=21'), WAIT);
  });

  it('offers Edit follow with the current setting when the caller follows', async () => {
    open(traderDetail({ my_follow: follow(), following: true }));
    const head = await screen.findByRole('region', { name: 'Alice' }, WAIT);
    expect(head.textContent).toContain('You follow: Fixed multiple 1.5x');
    expect(within(head).getByRole('link', { name: 'Edit follow' }).getAttribute('href')).toBe('/pages/follow/follow?id=21');
  });

  it.each([
    ['not_logged_in', 'Log in to follow this trader.'],
    ['is_trader', 'Traders, and users who have applied to become one, cannot follow other traders.'],
    ['follows_max', 'You already follow 10 traders, the most allowed. Cancel a follow to follow this trader.'],
    ['self', 'This is your own trader page: you cannot follow yourself.'],
  ] as const)('says why instead of Follow when the reason is %s', async (reason, text) => {
    open(traderDetail({ can_follow: false, cannot_follow_reason: reason }), page([]), reason !== 'not_logged_in');
    const head = await screen.findByRole('region', { name: 'Alice' }, WAIT);
    expect(within(head).getByRole('note').textContent).toContain(text);
    expect(within(head).queryByRole('link', { name: 'Follow' })).toBeNull();
    expect(within(head).queryByRole('link', { name: 'Log in' }) !== null).toBe(reason === 'not_logged_in');
  });

  it('words a limit of one trader in the singular', async () => {
    open(traderDetail({ can_follow: false, cannot_follow_reason: 'follows_max', limits: { ...LIMITS, traders_per_follower_max: 1 } }), page([]), true);
    const head = await screen.findByRole('region', { name: 'Alice' }, WAIT);
    expect(within(head).getByRole('note').textContent).toContain('You already follow 1 trader, the most allowed. Cancel your follow to follow this trader.');
  });

  it('goes to the list when the id is missing', async () => {
    fakeOkApi({ '/follow/index': page([traderCard()]) });
    const router = openCopy('/pages/follow/trader');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/follow/index'), WAIT);
  });

  it('says the trader is not available, with a link to all traders, for a malformed id', async () => {
    fakeOkApi({ '/follow/index': page([traderCard()]) });
    const router = openCopy('/pages/follow/trader?id=abc');
    expect(await screen.findByText('This trader is not available: they may no longer be a trader.', undefined, WAIT)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'See all traders' })));
    expect(router.state.location.pathname).toBe('/pages/follow/index');
    expect(await screen.findByRole('link', { name: 'Alice' }, WAIT)).toBeTruthy();
  });

  it('says so in place, without a pointless retry, when the server has no such trader', async () => {
    fakeApi({ '/follow/traderDetail': { type: 'error', message: 'This trader is not available for copy trading', code: 'copy_trader_unavailable' } });
    const router = openCopy('/pages/follow/trader?id=999');
    expect(await screen.findByText('This trader is not available: they may no longer be a trader.', undefined, WAIT)).toBeTruthy();
    expect(router.state.location.search).toBe('?id=999');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});
