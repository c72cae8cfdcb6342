/**
 * Proves the transfer between account kinds: money goes only into the accounts products draw on, named by
 * product, and comes out of those or any account still holding some; a product screen's link fills in the
 * account, coin and missing amount; the available amount of the chosen kind, the amount and account checks,
 * the balance check, the confirmation (cancelling sends nothing), then POST /wallet/change with the chosen kinds.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { setDefaultConfig } from '../../antd-startup.ts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANTD_LOCALES } from '../../i18n/antd-locales.ts';
import { saveToken } from '../../store/store.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [{ id: 1, name: 'USDT', logo: null, decimals: 6, enabled: true, available: { legal: '2.123456', change: '100', lever: '0', micro: '0', mining: '0', financial: '0', stock: '0' } }];

/** Answers by path and records each call's path and form body. */
function fakeFunds() {
  const calls: { path: string; body: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://test').pathname.replace(/^\/api/, '');
      calls.push({ path, body: String(init?.body ?? '') });
      const message = path === '/currency/user_currency_list' ? COINS : path === '/wallet/change' ? { id: 7 } : null;
      return new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
    }),
  );
  return calls;
}

describe('fund transfer', () => {
  // As App does: the confirmation dialog renders outside the tree and reads antd-mobile's default locale.
  beforeEach(() => setDefaultConfig({ locale: ANTD_LOCALES.en }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the available amount of the account transferred from', async () => {
    saveToken('a-token');
    fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    expect(await screen.findByText('Available: 100 USDT')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'fiat' } });
    expect(screen.getByText('Available: 2.1234 USDT')).toBeTruthy();
    // "All" is the exact available amount, not the 4-decimal display: nothing is left behind.
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('2.123456');
  });

  it('tells that unrealised contract losses stay behind only when moving out of the contract account', async () => {
    saveToken('a-token');
    fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    await screen.findByText('Available: 100 USDT');
    const hint = /unrealised losses stay in the contract account/;
    expect(screen.queryByText(hint)).toBeNull();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'contract' } });
    expect(screen.getByText(hint)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'spot' } });
    expect(screen.queryByText(hint)).toBeNull();
  });

  it('refuses a wrong amount and the same account on both sides, sending nothing', async () => {
    saveToken('a-token');
    const calls = fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    const amount = await screen.findByLabelText('Amount');
    for (const wrong of ['', '0', '0.00', 'ten', '-5']) {
      fireEvent.change(amount, { target: { value: wrong } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
      expect(screen.getByRole('alert').textContent, wrong).toBe('Please enter the correct amount');
    }
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'spot' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'spot' } });
    fireEvent.change(amount, { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(screen.getByRole('alert').textContent).toBe('Choose two different accounts');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path === '/wallet/change')).toBe(false);
  });

  it('moves money only into the accounts products use, named by product, and out of any account still holding some', async () => {
    saveToken('a-token');
    fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    await screen.findByText('Available: 100 USDT');
    const labels = (field: string) => within(screen.getByLabelText(field)).getAllByRole('option').map((option) => option.textContent);
    const targets = ['Spot account · spot, exchange, wealth, NFT, loans', 'Contract account · futures, stocks, copy trading', 'Options account · seconds options', 'Fiat account · OTC'];
    expect(labels('To')).toEqual(targets);
    // Nothing in the stock account: not offered at all.
    expect(labels('From')).toEqual(targets);
  });

  it('offers an account no product uses as a source while it holds money, and never swaps it into the target', async () => {
    saveToken('a-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://test').pathname.replace(/^\/api/, '');
        const message = path === '/currency/user_currency_list' ? [{ ...COINS[0], available: { ...COINS[0]!.available, stock: '3' } }] : null;
        return new Response(JSON.stringify({ type: 'ok', message }), { status: 200 });
      }),
    );
    renderApp('/pages/fund/fundTransfer');
    await screen.findByText('Available: 100 USDT');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: 'stock' } });
    expect(screen.getByText('Available: 3 USDT')).toBeTruthy();
    expect(within(screen.getByLabelText('From')).getByRole('option', { name: 'Stock account' })).toBeTruthy();
    expect(within(screen.getByLabelText('To')).queryByRole('option', { name: /Stock/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Swap accounts' }).hasAttribute('disabled')).toBe(true);
  });

  it('fills in the account, coin and missing amount a product screen asks for, from the account holding the most', async () => {
    saveToken('a-token');
    fakeFunds();
    renderApp('/pages/fund/fundTransfer?to=options&currency=1&amount=12.5');
    await screen.findByText('Available: 100 USDT');
    expect((screen.getByLabelText('To') as HTMLSelectElement).value).toBe('options');
    expect((screen.getByLabelText('From') as HTMLSelectElement).value).toBe('spot');
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('12.5');
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    saveToken('a-token');
    const calls = fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '25' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' })));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.path === '/wallet/change')).toBe(false);
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('25');
  });

  it('refuses more than the available amount and sends nothing', async () => {
    saveToken('a-token');
    const calls = fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '150' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    expect(calls.some((call) => call.path === '/wallet/change')).toBe(false);
  });

  it('posts /wallet/change after the confirmation, with an idempotency key', async () => {
    saveToken('a-token');
    const calls = fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '25' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(await screen.findByText('Transfer 25 USDT from Spot account to Contract account?')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/wallet/change')).toBe(true));
    const body = new URLSearchParams(calls.find((call) => call.path === '/wallet/change')!.body);
    expect(Object.fromEntries(body)).toMatchObject({ currency_id: '1', number: '25', from_field: 'spot', to_field: 'contract' });
    expect(body.get('client_id')).toMatch(/^[0-9a-f]{32}$/);
  });
});
