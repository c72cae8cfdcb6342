/**
 * Proves the OTC market view and taking an ad: the ads of the taker's side (a buyer sees sell ads) with
 * each merchant's counters, the side and the market in the query string, "load more"; the take sheet
 * with the ad's and the user's limits, the quantity and total by the contract's rule, refusals before
 * sending (the ad's limits, and the user's level limit valued at the ad's index, as quick buy and the
 * server value it), and the order placed after a confirmation, landing on the order screen.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeOkApi } from '../../test/fake-api.ts';
import { ad, config, openOtc, order, page, WAIT } from './test-fixtures.tsx';

function open(query = '', overrides: { config?: ReturnType<typeof config>; ads?: (params: Record<string, string>) => unknown } = {}) {
  const api = fakeOkApi({
    '/otc/config': overrides.config ?? config(),
    '/otc/ads': overrides.ads ?? (() => page([ad()])),
    '/otc/order/place': order(),
    '/otc/order': order(),
    '/otc/order/messages': { messages: [], has_more: false },
  });
  const router = openOtc(query);
  return { api, router };
}

/** The take sheet once it is open (antd-mobile's popup, outside the page's tree). */
const takeSheet = () =>
  vi.waitFor(() => {
    const found = document.querySelector<HTMLElement>('.otc-sheet');
    if (!found) throw new Error('no take sheet');
    return found;
  }, WAIT);

describe('OTC market', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the sell ads a buyer takes, with the merchant counters, price, limits and methods', async () => {
    const { api } = open();
    const card = await screen.findByRole('article', { name: 'Ad by Lucky Trader' }, WAIT);
    const text = card.textContent ?? '';
    for (const part of ['128 orders completed', 'Completion 98.46%', 'Avg. release 4 min 12 sec', '7.23', 'Available 3000 USDT', 'Limits 100 – 20000 CNY', 'Bank card', 'Pay within 15 min']) {
      expect(text).toContain(part);
    }
    expect(within(card).getByRole('button', { name: 'Buy USDT' })).toBeTruthy();
    expect(api.of('/otc/ads')[0]!.params).toMatchObject({ side: 'sell', currency_id: '1', fiat: 'USD', page: '1' });
  });

  it('shows the buy ads when the user sells, and keeps the market in the query string', async () => {
    const { api, router } = open('', { ads: (params) => page([ad({ side: params.side as 'buy' | 'sell' })]) });
    await screen.findByRole('article', { name: 'Ad by Lucky Trader' }, WAIT);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sell' })));
    await vi.waitFor(() => expect(api.of('/otc/ads').at(-1)!.params).toMatchObject({ side: 'buy' }), WAIT);
    expect(router.state.location.search).toContain('side=sell');
    expect(await screen.findByRole('button', { name: 'Sell USDT' }, WAIT)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Fiat currency'), { target: { value: 'CNY' } });
    await vi.waitFor(() => expect(api.of('/otc/ads').at(-1)!.params).toMatchObject({ side: 'buy', fiat: 'CNY' }), WAIT);
    expect(router.state.location.search).toContain('fiat=CNY');
  });

  it('says so when the market has no ads', async () => {
    open('', { ads: () => page([]) });
    expect(await screen.findByText('No ads for this market yet', undefined, WAIT)).toBeTruthy();
  });

  it('loads the next page on "load more"', async () => {
    const first = Array.from({ length: 10 }, (_, i) => ad({ id: 100 + i, merchant: { ...ad().merchant, name: `Merchant ${i}` } }));
    const { api } = open('', { ads: (params) => (params.page === '2' ? page([ad({ id: 1, merchant: { ...ad().merchant, name: 'Last one' } })], 11, 2) : page(first, 11)) });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Load more' }, WAIT)));
    expect(await screen.findByRole('article', { name: 'Ad by Last one' }, WAIT)).toBeTruthy();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(api.of('/otc/ads').map((c) => c.params.page)).toEqual(['1', '2']);
  });

  it('takes an ad for 100 CNY: 13.831258 USDT for 100 CNY, confirmed, then opens the order', async () => {
    const { api, router } = open('?fiat=CNY');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Buy USDT' }, WAIT)));
    expect(router.state.location.search).toContain('ad=12');
    const scope = within(await takeSheet());
    expect(scope.getByText('Your limit per order').nextElementSibling?.textContent).toBe('2000 USDT (level 1)');
    expect(scope.getByText('Limits per order').nextElementSibling?.textContent).toBe('100 – 20000 CNY');
    fireEvent.change(scope.getByLabelText('Amount (CNY)'), { target: { value: '100' } });
    expect(scope.getByText('You receive').nextElementSibling?.textContent).toBe('13.831258 USDT');
    expect(scope.getByText('You pay').nextElementSibling?.textContent).toBe('100 CNY');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Place order' })));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Buy 13.831258 USDT for 100 CNY at 7.23?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Place order' })));
    await vi.waitFor(() => expect(router.state.location.search).toBe('?order=9001'), WAIT);
    expect(api.of('/otc/order/place')[0]!.params).toMatchObject({ ad_id: '12', amount: '100', amount_in: 'fiat' });
    expect(api.of('/otc/order/place')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('takes an amount in the coin, and refuses one outside the ad limits before sending', async () => {
    const { api } = open('?fiat=CNY&ad=12');
    const scope = within(await takeSheet());
    fireEvent.change(scope.getByLabelText('Amount (CNY)'), { target: { value: '50' } });
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Place order' })));
    expect(scope.getByRole('alert').textContent).toBe('This ad takes 100 – 20000 CNY per order');
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'In USDT' })));
    fireEvent.change(scope.getByLabelText('Quantity (USDT)'), { target: { value: '20' } });
    expect(scope.getByText('You pay').nextElementSibling?.textContent).toBe('144.6 CNY');
    fireEvent.change(scope.getByLabelText('Quantity (USDT)'), { target: { value: '3001' } });
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Place order' })));
    expect(scope.getByRole('alert').textContent).toBe('This ad takes 100 – 20000 CNY per order');
    expect(api.of('/otc/order/place')).toHaveLength(0);
  });

  it('refuses an order above the level-1 limit per order before the confirmation', async () => {
    const { api } = open('?fiat=CNY&ad=12', { ads: () => page([ad({ currency_id: 3, coin: 'BTC', decimals: 8, price: '470000', remaining: '1', index_usdt: '65000' })]) });
    const scope = within(await takeSheet());
    // 14,500 CNY at 470,000 buys 0.03085106 BTC, worth 0.03085106 x 65,000 = 2005.32 USDT: above 2,000.
    fireEvent.change(scope.getByLabelText('Amount (CNY)'), { target: { value: '14500' } });
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Place order' })));
    expect(scope.getByRole('alert').textContent).toBe('This order is above your limit of 2000 USDT per order (verification level 1)');
    expect(screen.queryByRole('dialog')).toBeNull();
    // 14,000 CNY buys 0.02978723 BTC, worth 1936.17 USDT: within it, so the confirmation comes.
    fireEvent.change(scope.getByLabelText('Amount (CNY)'), { target: { value: '14000' } });
    await act(async () => fireEvent.click(scope.getByRole('button', { name: 'Place order' })));
    expect((await screen.findByRole('dialog', undefined, WAIT)).textContent).toContain('Buy 0.02978723 BTC for 14000 CNY');
    expect(api.of('/otc/order/place')).toHaveLength(0);
  });

  it('sends an unverified user to verify instead of showing the form, and shows own ads without a button', async () => {
    open('?ad=12', { config: config({ level: 0, fiat_limit_usdt: '0' }), ads: () => page([ad(), ad({ id: 13, own: true, merchant: { ...ad().merchant, name: 'Me' } })]) });
    expect(await screen.findByText('Verify your identity (level 1) before trading over the counter.', undefined, WAIT)).toBeTruthy();
    const own = screen.getByRole('article', { name: 'Ad by Me' });
    expect(within(own).getByText('Your ad')).toBeTruthy();
    expect(within(own).queryByRole('button')).toBeNull();
  });
});
