/**
 * Proves the transfer between account kinds: the available amount of the chosen kind, the amount and
 * account checks, the balance check, the confirmation (cancelling sends nothing), then POST /wallet/change
 * with the chosen kinds.
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
    fireEvent.change(screen.getByLabelText('To'), { target: { value: 'spot' } });
    fireEvent.change(amount, { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(screen.getByRole('alert').textContent).toBe('Choose two different accounts');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.path === '/wallet/change')).toBe(false);
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
