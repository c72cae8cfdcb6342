/**
 * Proves the trader list: cards from GET /follow/index with each figure and the demo and following labels,
 * sorting through the query string, load more, and a card opening the trader's page; it works logged out.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { openCopy, page, traderCard, traderDetail, WAIT } from './test-fixtures.tsx';

const figure = (scope: HTMLElement, label: string) => within(scope).getByText(label).nextElementSibling?.textContent;

describe('trader list', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows each trader’s figures on a card when the list answers, logged out', async () => {
    const api = fakeOkApi({
      '/follow/index': page([traderCard(), traderCard({ trader_user_id: 22, name: 'Bob', demo: true, following: true, stats: { ...traderCard().stats, total_return: '-3.50', total_profit: '-35' } })]),
    });
    openCopy('/pages/follow/index', { loggedIn: false });
    const alice = await screen.findByRole('link', { name: 'Alice' }, WAIT);
    expect(figure(alice, 'Total return')).toBe('8.00%');
    expect(figure(alice, 'Total P&L')).toBe('80 USDT');
    expect(figure(alice, 'Accuracy')).toBe('66.67%');
    expect(figure(alice, 'Followers')).toBe('1.3K');
    expect(figure(alice, 'Open positions')).toBe('2');
    expect(figure(alice, 'Total orders')).toBe('3');
    expect(alice.textContent).toContain('Profit share 10%');
    expect(within(alice).queryByText('Demo')).toBeNull();
    const bob = screen.getByRole('link', { name: 'Bob' });
    expect(within(bob).getByText('Demo')).toBeTruthy();
    expect(within(bob).getByText('Following')).toBeTruthy();
    expect(within(bob).getByText('-3.50%').className).toBe('text-down');
    expect(api.of('/follow/index')[0]!.params).toMatchObject({ page: '1', sort: 'return' });
  });

  it('asks again by P&L when the P&L tab is chosen, and keeps it in the query string', async () => {
    const api = fakeOkApi({ '/follow/index': page([traderCard()]) });
    const router = openCopy('/pages/follow/index');
    await screen.findByRole('link', { name: 'Alice' }, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'P&L' })));
    await vi.waitFor(() => expect(api.of('/follow/index').at(-1)!.params).toMatchObject({ sort: 'profit' }), WAIT);
    expect(router.state.location.search).toBe('?sort=profit');
    expect(screen.getByRole('tab', { name: 'P&L' }).getAttribute('aria-selected')).toBe('true');
  });

  it('loads the next ten when "load more" is pressed', async () => {
    const first = Array.from({ length: 10 }, (_, i) => traderCard({ trader_user_id: 100 + i, name: `Trader ${i}` }));
    const api = fakeOkApi({ '/follow/index': (params: Record<string, string>) => (params.page === '2' ? page([traderCard({ name: 'Last one' })], 11, 2) : page(first, 11)) });
    openCopy('/pages/follow/index');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, WAIT)));
    expect(await screen.findByRole('link', { name: 'Last one' }, WAIT)).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/follow/index').map((call) => call.params.page)).toEqual(['1', '2']);
  });

  it('opens the trader’s page when a card is tapped', async () => {
    const api = fakeOkApi({ '/follow/index': page([traderCard()]), '/follow/traderDetail': traderDetail(), '/follow/historyTrade': page([]) });
    const router = openCopy('/pages/follow/index');
    await act(async () => fireEvent.click(await screen.findByRole('link', { name: 'Alice' }, WAIT)));
    await vi.waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/pages/follow/trader?id=21'), WAIT);
    expect(await screen.findByRole('region', { name: 'Statistics' }, WAIT)).toBeTruthy();
    expect(api.of('/follow/traderDetail')[0]!.params).toMatchObject({ trader_user_id: '21' });
  });

  it('says so when there is no trader yet, and links to my copy trading and becoming a trader', async () => {
    fakeOkApi({ '/follow/index': page([]) });
    openCopy('/pages/follow/index');
    expect(await screen.findByText('No traders to follow yet', undefined, WAIT)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My copy trading' }).getAttribute('href')).toBe('/pages/copytrade/copy');
    expect(screen.getByRole('link', { name: 'Become a trader' }).getAttribute('href')).toBe('/pages/copytrade/trader');
  });
});
