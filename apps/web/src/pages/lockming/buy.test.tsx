/**
 * Proves the mining purchase screen: the product's figures, the preview by the contract's mining rules
 * (a day at today's rate rounded down to the coin, the term at that rate, the unlock time), "All"
 * filling the exact spot balance, the amount's problems shown under the field without a call, the
 * deposit sent with an idempotency key only after a confirmation naming amount, coin and term, then
 * the orders; and that a missing id goes back to the product list, an unknown one says the product is not
 * available, with a link to the list.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi } from '../../test/fake-api.ts';
import { MiningBuyPage } from './buy.tsx';
import { openAt, order, product } from './test-fixtures.tsx';

function open(path = '/pages/lockming/buy?id=1', products = [product(), product({ id: 2, tomorrow_rate: '0.0038', amount_max: null })]) {
  saveToken('a-token');
  const api = fakeOkApi({ '/lh/deposit/config': products, '/lh/deposit': order({ days_paid: 0, interest_paid: '0', payouts: [] }) });
  const router = openAt(path, { path: '/pages/lockming/buy', Component: MiningBuyPage });
  return { api, router };
}

const figure = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
const amountField = () => screen.findByLabelText('Amount');
const type = async (value: string) => fireEvent.change(await amountField(), { target: { value } });
const lock = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Lock now' })));

describe('mining purchase', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the product\'s figures: range, today\'s and tomorrow\'s rate, minimum, maximum, penalty and the available balance', async () => {
    open('/pages/lockming/buy?id=2');
    await amountField();
    expect(figure("Today's rate")).toBe('0.35%');
    expect(figure("Tomorrow's rate")).toBe('0.38%');
    expect(figure('Minimum amount')).toBe('100 USDT');
    expect(figure('Maximum amount')).toBe('No limit');
    expect(figure('Early redemption penalty')).toBe('0.4% per day left');
    // Shown with 4 decimals, truncated.
    expect(figure('Available')).toBe('1234.5678 USDT');
  });

  it('previews 1000.123457 USDT at 0.35%: a day 3.500432 (rounded down), 5 days 17.50216, and the unlock 5 days from now', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    try {
      open();
      await type('1000.123457');
      expect(figure("A day's interest at today's rate")).toBe('3.500432 USDT');
      expect(figure("Whole term at today's rate")).toBe('17.50216 USDT');
      expect(figure('Unlock time')).toBe(new Date(Date.parse('2026-11-28T10:00:00Z')).toLocaleString('en'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('fills the exact spot balance with "All", not the 4-decimal display', async () => {
    open();
    const all = await screen.findByRole('button', { name: 'All' });
    await act(async () => fireEvent.click(all));
    expect(((await amountField()) as HTMLInputElement).value).toBe('1234.567891');
  });

  it('shows the amount\'s problem under the field and sends nothing: not a number, finer than the coin, below the minimum, above the maximum', async () => {
    const { api } = open('/pages/lockming/buy?id=1', [product({ amount_max: '1000' })]);
    const problems: [string, string][] = [
      ['abc', 'Enter a correct amount'],
      ['100.0000001', 'USDT takes at most 6 decimals'],
      ['99.99', 'The minimum is 100 USDT'],
      ['1000.01', 'The maximum is 1000 USDT'],
    ];
    for (const [value, message] of problems) {
      await type(value);
      await lock();
      expect(screen.getByRole('alert').textContent).toBe(message);
    }
    expect(api.of('/lh/deposit')).toHaveLength(0);
  });

  it('refuses 200 USDT beyond a balance of 150 under the field', async () => {
    const { api } = open('/pages/lockming/buy?id=1', [product({ balance: '150' })]);
    await type('200');
    await lock();
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    expect(api.of('/lh/deposit')).toHaveLength(0);
  });

  it('says the spot account pays and is paid back, and links a transfer into it of exactly what the balance lacks', async () => {
    open('/pages/lockming/buy?id=1', [product({ balance: '150' })]);
    expect(await screen.findByText(/Lock-up mining takes the amount from your spot account/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Transfer funds in' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1');
    await type('200.5');
    expect(screen.getByRole('link', { name: 'Transfer the missing 50.5 USDT' }).getAttribute('href')).toBe('/pages/fund/fundTransfer?to=spot&currency=1&amount=50.5');
  });

  it('locks after a confirmation naming amount, coin and term, with an idempotency key, then opens the orders', async () => {
    const { api, router } = open();
    await type('500');
    await lock();
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Lock 500 USDT in USDT lock-up · 5 days for 5 days?');
    expect(api.of('/lh/deposit')).toHaveLength(0);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/lockming/order'));
    expect(api.of('/lh/deposit')[0]!.params).toMatchObject({ config_id: '1', amount: '500' });
    expect(api.of('/lh/deposit')[0]!.params.client_id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('says an unknown id names no product on offer, with a link to the product list', async () => {
    const { router } = open('/pages/lockming/buy?id=99');
    expect(await screen.findByText('This product is not available: it may have ended or been taken off sale.')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'See the products on offer' })));
    expect(await screen.findByText('screen /pages/lockming/lockming')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/lockming/lockming');
  });

  it('goes back to the product list without an id', async () => {
    open('/pages/lockming/buy');
    expect(await screen.findByText('screen /pages/lockming/lockming')).toBeTruthy();
  });
});
