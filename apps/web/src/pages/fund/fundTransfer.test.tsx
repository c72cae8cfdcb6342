/** Proves the transfer between account kinds: the balance check, the confirmation, then POST /wallet/change with the chosen kinds. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [{ id: 1, name: 'USDT', logo: null, decimals: 6, available: { legal: '0', change: '100', lever: '0', micro: '0', mining: '0', financial: '0', stock: '0' } }];

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
  afterEach(() => vi.unstubAllGlobals());

  it('refuses more than the available amount and sends nothing', async () => {
    saveToken('a-token');
    const calls = fakeFunds();
    renderApp('/pages/fund/fundTransfer');
    fireEvent.change(await screen.findByLabelText('Amount'), { target: { value: '150' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    expect(calls.some((call) => call.path === '/wallet/change')).toBe(false);
  });

  it('posts /wallet/change after the confirmation', async () => {
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
  });
});
