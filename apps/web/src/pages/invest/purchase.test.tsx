/**
 * Proves the purchase screen: the two settlement outcomes and the estimated income for the chosen shares
 * computed by the contract's rules (the figures the server pays), whole shares only with the spec's
 * message, the balance and "Max", the confirmation naming shares, amount and maturity before the
 * idempotent purchase, then my investments; and a missing id leading to the list, an unknown one saying so
 * with a link to it.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { saveToken } from '../../store/store.ts';
import { dualOrder, dualProduct, putProduct, renderInvest } from './test-support.tsx';

function open(product = dualProduct(), path = `/pages/invest/purchase?id=${product.id}`) {
  saveToken('a-token');
  const api = fakeOkApi({
    '/dual/detail': product,
    '/dual/buyDual': dualOrder(),
    '/dual/dual_list': { data: [dualOrder()], total: 1, page: 1, limit: 10 },
    '/dual/index': [product],
  });
  const router = renderInvest(path);
  return { api, router };
}

const figure = (label: string) => screen.getAllByText(label).find((node) => node.tagName === 'DT')?.nextElementSibling?.textContent;
const outcomes = () => within(screen.getByRole('list', { name: 'What you receive at settlement' })).getAllByRole('listitem').map((li) => li.textContent);
const setShares = (value: string) => fireEvent.change(screen.getByLabelText('Shares'), { target: { value } });

describe('dual purchase screen', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('previews 5 shares of 0.001 BTC: 0.005 BTC, income 0.005 x 36.5% x 7 / 365 = 0.000035 BTC, and 0.005035 BTC below 66000 or 332.31 USDT otherwise', async () => {
    open();
    await screen.findByText('BTC/USDT · Sell high');
    expect(figure('Linked price')).toBe('66000 USDT');
    expect(figure('APR')).toBe('36.5%');
    expect(figure('Holding days')).toBe('7 days');
    expect(figure('Maturity date')).toBe('2026-11-30');
    expect(figure('BTC/USDT index')).toBe('65000.5');
    expect(figure('Available')).toBe('0.0123 BTC');
    setShares('5');
    expect(figure('Amount')).toBe('0.005 BTC');
    expect(figure('Estimated income')).toBe('0.000035 BTC');
    expect(outcomes()).toEqual([
      'If the index at settlement is below 66000: you receive 0.005035 BTC',
      'Otherwise, at or above 66000: you receive 332.31 USDT',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'One share more' }));
    expect(figure('Amount')).toBe('0.006 BTC');
  });

  it('previews a put of 3 shares of 100 USDT: 302.1 USDT above 64000, else 300 / 64000 x 1.007 = 0.00472031 BTC (rounded down)', async () => {
    open(putProduct());
    await screen.findByText('BTC/USDT · Buy low');
    setShares('3');
    expect(figure('Amount')).toBe('300 USDT');
    expect(outcomes()).toEqual([
      'If the index at settlement is above 64000: you receive 302.1 USDT',
      'Otherwise, at or below 64000: you receive 0.00472031 BTC',
    ]);
  });

  it('refuses 1.5 or no shares with the spec message, and more than remain, without sending anything', async () => {
    const { api } = open(dualProduct({ remaining_shares: 4 }));
    await screen.findByLabelText('Shares');
    for (const [value, message] of [
      ['1.5', 'The investment quantity is required and must be a whole number'],
      ['', 'The investment quantity is required and must be a whole number'],
      ['5', 'Only 4 shares remain'],
      ['13', 'Only 4 shares remain'],
    ] as const) {
      setShares(value);
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy now' })));
      expect(screen.getByRole('alert').textContent, value).toBe(message);
    }
    expect(api.of('/dual/buyDual')).toHaveLength(0);
  });

  it('refuses more than the balance buys, and fills it with Max: 0.0123 BTC buys 12 shares', async () => {
    const { api } = open();
    await screen.findByLabelText('Shares');
    setShares('13');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy now' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    fireEvent.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByLabelText('Shares') as HTMLInputElement).value).toBe('12');
    expect(api.of('/dual/buyDual')).toHaveLength(0);
  });

  it('says the spot account pays and is paid the settlement, and links a transfer into it of what 13 shares lack: 0.013 - 0.0123 = 0.0007 BTC', async () => {
    open();
    expect(await screen.findByText(/Dual investment takes the amount from your spot account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=2');
    setShares('13');
    expect(screen.getByRole('link', { name: 'Transfer the missing 0.0007 BTC' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=2&amount=0.0007');
  });

  it('buys after the confirmation naming shares, amount and maturity, with an idempotency key, then shows my investments', async () => {
    const { api, router } = open();
    await screen.findByLabelText('Shares');
    setShares('5');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy now' })));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toMatch(/^Buy 5 shares for 0\.005 BTC\? It settles on 2026-11-30 \(.+\); it cannot be cancelled or redeemed early\./);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.of('/dual/buyDual')).toHaveLength(1));
    expect(api.of('/dual/buyDual')[0]!.params).toMatchObject({ id: '11', num: '5' });
    expect(api.of('/dual/buyDual')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/invest/mine'));
  });

  it('sends nothing when the confirmation is declined, and offers no purchase once sales closed', async () => {
    const { api } = open();
    await screen.findByLabelText('Shares');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy now' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' })));
    expect(api.of('/dual/buyDual')).toHaveLength(0);
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    open(dualProduct({ on_sale: false }));
    expect(await screen.findByText('Sales closed')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Buy now' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('goes to the list without an id, and says the product is not available, with a link to the list, when the id names none on offer', async () => {
    const { router } = open(dualProduct(), '/pages/invest/purchase');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/invest/invest'));
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    fakeApi({
      '/dual/detail': { type: 'error', message: 'This product is not available at the moment', code: 'wealth_product_unavailable' },
      '/dual/index': { type: 'ok', message: [] },
    });
    const again = renderInvest('/pages/invest/purchase?id=999');
    expect(await screen.findByText('This product is not available: it may have ended or been taken off sale.')).toBeTruthy();
    expect(again.state.location.search).toBe('?id=999');
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'See the products on offer' })));
    expect(again.state.location.pathname).toBe('/pages/invest/invest');
  });
});
