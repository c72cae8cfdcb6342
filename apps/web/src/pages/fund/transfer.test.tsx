/**
 * Proves the exchange between coins: the pair's available amount, rate, fee rate and estimate; the checks
 * (a positive amount, two different coins, no more than available) that send nothing; the confirmation
 * before POST /user/Transfer; swapping the pair; and the server's refusal shown without clearing the form.
 * Rates and estimates show in the target coin's own precision (never a rate of 0), and "All" fills the
 * exact available figure.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setDefaultConfig } from '../../antd-startup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANTD_LOCALES } from '../../i18n/antd-locales.ts';
import { saveToken } from '../../store/store.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [
  { id: 1, name: 'USDT', logo: null, decimals: 6, price_usdt: '1', available: '100' },
  { id: 3, name: 'ETH', logo: null, decimals: 8, price_usdt: '2000', available: '0.5' },
  { id: 2, name: 'BTC', logo: null, decimals: 8, price_usdt: '65000', available: '0.123456789' },
];
const QUOTES: Record<string, { rate: string; fee_rate: string }> = {
  '1-3': { rate: '0.0005', fee_rate: '0.002' },
  '3-1': { rate: '2000', fee_rate: '0.002' },
  '1-2': { rate: '0.000015384615384615', fee_rate: '0.002' },
  '2-1': { rate: '65000', fee_rate: '0.002' },
};

function fake(exchange: { type: string; message: unknown; code?: string } = { type: 'ok', message: { id: 8, received: '0.01996', fee: '0.00004' } }) {
  return fakeApi({
    '/user/info': { type: 'ok', message: null },
    '/user/getTransferList': { type: 'ok', message: COINS },
    '/user/getTransferFee': ({ body }) => {
      const [from, to] = [body.get('from_currency_id'), body.get('to_currency_id')];
      return { type: 'ok', message: { from_currency_id: Number(from), to_currency_id: Number(to), ...QUOTES[`${from}-${to}`] } };
    },
    '/user/Transfer': exchange,
  });
}

/** The figures under the form, term to value. */
const figures = () => {
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(screen.getAllByRole('term').map((term, index) => [term.textContent, values[index]]));
};
const amount = () => screen.getByLabelText('Amount') as HTMLInputElement;
const type = (value: string) => fireEvent.change(amount(), { target: { value } });
const exchange = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Exchange' })));

async function open() {
  const view = renderApp('/pages/fund/transfer');
  await screen.findByLabelText('Amount');
  await vi.waitFor(() => expect(figures().Rate).not.toBe('--'));
  return view;
}

describe('exchange', () => {
  beforeEach(() => setDefaultConfig({ locale: ANTD_LOCALES.en }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the pair’s available amount, rate and fee rate, and the estimate as the amount is typed', async () => {
    saveToken('a-token');
    const api = fake();
    await open();
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('1');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('3');
    expect(figures()).toEqual({ Available: '100 USDT', Rate: '1 USDT ≈ 0.0005 ETH', 'Fee rate': '0.2%', 'You receive about': '--' });
    expect(api.bodyOf('/user/getTransferFee')).toMatchObject({ from_currency_id: '1', to_currency_id: '3' });
    // 40 x 0.0005 less 0.2 % = 0.01996, in ETH's own precision (not the balances' 4 decimals).
    type('40');
    expect(figures()['You receive about']).toBe('0.01996 ETH');
    // No estimate for an amount that is not valid.
    type('-1');
    expect(figures()['You receive about']).toBe('--');
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('100');
  });

  it('shows 10 USDT to BTC at 65,000 as about 0.00015354 BTC, and a small rate with BTC’s decimals, never 0', async () => {
    saveToken('a-token');
    fake();
    await open();
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2' } });
    await vi.waitFor(() => expect(figures().Rate).toBe('1 USDT ≈ 0.00001538 BTC'));
    type('10');
    expect(figures()['You receive about']).toBe('0.00015354 BTC');
  });

  it('fills "All" with the exact available amount, not the 4-decimal display', async () => {
    saveToken('a-token');
    fake();
    await open();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '1' } });
    await vi.waitFor(() => expect(figures()).toMatchObject({ Available: '0.1234 BTC', Rate: '1 BTC ≈ 65000 USDT' }));
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(amount().value).toBe('0.123456789');
  });

  it('refuses a wrong amount, the same coin on both sides and more than available, sending nothing', async () => {
    saveToken('a-token');
    const api = fake();
    await open();
    for (const wrong of ['', '0', 'abc', '-1', '1.']) {
      type(wrong);
      await exchange();
      expect(screen.getByRole('alert').textContent, wrong).toBe('Please enter the correct amount');
    }
    type('100.000001');
    await exchange();
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '1' } });
    type('10');
    await exchange();
    expect(screen.getByRole('alert').textContent).toBe('Choose two different coins');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.count('/user/Transfer')).toBe(0);
  });

  it('exchanges only after the confirmation, then clears the amount', async () => {
    saveToken('a-token');
    const api = fake();
    await open();
    type('40');
    await exchange();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Exchange 40 USDT for about 0.01996 ETH?')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.count('/user/Transfer')).toBe(0);
    expect(amount().value).toBe('40');

    await exchange();
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.count('/user/Transfer')).toBe(1));
    expect(api.bodyOf('/user/Transfer')).toMatchObject({ number: '40', from_currency_id: '1', to_currency_id: '3' });
    expect(await screen.findByText('Exchange completed')).toBeTruthy();
    expect(amount().value).toBe('');
  });

  it('swaps the pair, with the other side’s available amount and rate', async () => {
    saveToken('a-token');
    const api = fake();
    await open();
    fireEvent.click(screen.getByRole('button', { name: 'Swap coins' }));
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('1');
    await vi.waitFor(() => expect(figures()).toMatchObject({ Available: '0.5 ETH', Rate: '1 ETH ≈ 2000 USDT' }));
    expect(api.bodyOf('/user/getTransferFee')).toMatchObject({ from_currency_id: '3', to_currency_id: '1' });
    type('0.6');
    await exchange();
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
  });

  it('shows the server’s insufficient-balance refusal and keeps the amount', async () => {
    saveToken('a-token');
    const api = fake({ type: 'error', message: 'Insufficient balance', code: 'insufficient_balance' });
    await open();
    type('40');
    await exchange();
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(api.count('/user/Transfer')).toBe(1));
    expect(await screen.findByText('Insufficient balance')).toBeTruthy();
    expect(screen.queryByText('Exchange completed')).toBeNull();
    expect(amount().value).toBe('40');
  });
});
