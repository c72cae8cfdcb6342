/**
 * Proves the withdrawal destination switch (bound address, domestic card or international card, each sent as
 * /wallet/out takes it), that the pay password is always required and sent, and that a user without one
 * is led to set it first instead of seeing the form. "All" fills the exact available amount; "You receive"
 * shows only for an amount the server would take; the 24-hour limit left is shown; a submitted withdrawal
 * opens the records on the withdrawals tab.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeOkApi, USER } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [{ id: 1, name: 'USDT', logo: null, decimals: 6, enabled: true, available: { legal: '0', change: '100.123456', lever: '0', micro: '0' } }];
const INFO = {
  id: 1,
  name: 'USDT',
  logo: null,
  decimals: 6,
  network: 'ERC20',
  contact_first: false,
  networks: [
    { network: 'ERC20', deposit_enabled: true, withdraw_enabled: true, withdraw_fee: '1', withdraw_min: '10' },
    { network: 'TRC20', deposit_enabled: true, withdraw_enabled: true, withdraw_fee: '0.5', withdraw_min: '5' },
  ],
};
const ADDRESSES = {
  data: [{ id: 4, currency_id: 1, currency: 'USDT', network: 'TRC20', name: 'Cold', address: 'TXabc', qrcode: '/uploads/x.png', created_at: '2026-01-01T00:00:00Z' }],
  total: 1,
  page: 1,
  limit: 10,
};
const CARD = { real_name: 'Li Lei', bank_account: '6222020200112233445', bank_name: 'ICBC', bank_branch: 'Haidian', province: 'Beijing', city: 'Beijing', phone: '13800138000' };

function fake(card: unknown, payPinSet = true) {
  return fakeOkApi({
    '/user/info': { ...USER, pay_pin_set: payPinSet },
    '/currency/user_currency_list': COINS,
    '/wallet/get_info': INFO,
    '/user/wallet/list': ADDRESSES,
    '/user/cash_info': card,
    '/user/cash_info_international': null,
    '/wallet/out': { id: 9, status: 'pending', number: '20', fee: '1', arrival: '19' },
    '/wallet/withdraw_limit': { level: 1, limit_btc: '200', used_btc: '150', remaining_btc: '50', remaining: '3250000', currency: 'USDT' },
    '/user/withdraw/list': { data: [], total: 0, page: 1, limit: 10 },
    '/recharge/log': { data: [], total: 0, page: 1, limit: 10 },
  });
}

/** The figures under the form, term to value. */
const figures = () => {
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return Object.fromEntries(screen.getAllByRole('term').map((term, index) => [term.textContent, values[index]]));
};

async function withdraw(amount: string) {
  fireEvent.change(screen.getByLabelText('Amount'), { target: { value: amount } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
  await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Confirm' })));
}

describe('withdraw destinations', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a withdrawal to a bound address with its network fee', async () => {
    saveToken('a-token');
    const api = fake(null);
    renderApp('/pages/fund/withdraw');

    await screen.findByLabelText('Withdrawal address', {}, { timeout: 5000 });
    expect(screen.getByRole('button', { name: 'Wallet address' }).getAttribute('aria-pressed')).toBe('true');
    await vi.waitFor(() => expect(screen.getByText('0.5')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'secret1' } });
    await withdraw('20');
    await vi.waitFor(() => expect(api.of('/wallet/out')).toHaveLength(1));
    expect(api.of('/wallet/out')[0]!.params).toMatchObject({ currency: '1', number: '20', destination: 'address', address_id: '4' });
  });

  it('offers to bind a card when none is saved, and opens the card form', async () => {
    saveToken('a-token');
    const api = fake(null);
    const { router } = renderApp('/pages/fund/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'International card' }));
    expect(await screen.findByText('No international card saved yet')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bank card' }));
    expect(await screen.findByText('No bank card saved yet')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    expect(api.of('/wallet/out')).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Bind a bank card' })));
    expect(router.state.location.pathname).toBe('/pages/setting/bank');
  });

  it('withdraws to the saved bank card on the first open network, checking its minimum and the available amount', async () => {
    saveToken('a-token');
    const api = fake(CARD);
    renderApp('/pages/fund/withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Bank card' }));
    expect(await screen.findByText('ICBC · Li Lei · **** 3445')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '8' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    expect(screen.getByRole('alert').textContent).toBe('The minimum withdrawal is 10');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '150.5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    expect(screen.getByRole('alert').textContent).toBe('Insufficient balance');
    await withdraw('20');
    await vi.waitFor(() => expect(api.of('/wallet/out')).toHaveLength(1));
    const body = api.of('/wallet/out')[0]!.params;
    expect(body).toMatchObject({ currency: '1', number: '20', destination: 'bank', network: 'ERC20' });
    expect(body.address_id).toBeUndefined();
  });

  it('fills "All" with the exact available amount, shows "You receive" only for a valid amount, and the 24-hour limit left', async () => {
    saveToken('a-token');
    fake(null);
    renderApp('/pages/fund/withdraw');
    await screen.findByLabelText('Withdrawal address');
    await vi.waitFor(() => expect(figures()['24-hour limit left']).toBe('3250000 USDT'));
    expect(figures()).toMatchObject({ Available: '100.1234', 'You receive': '--' });
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    expect((screen.getByLabelText('Amount') as HTMLInputElement).value).toBe('100.123456');
    // The TRC20 address: fee 0.5, minimum 5.
    await vi.waitFor(() => expect(figures()['You receive']).toBe('99.623456 USDT'));
    for (const wrong of ['abc', '0', '4.9', '0.5', '100.1234561', '100.2', '-1']) {
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: wrong } });
      expect(figures()['You receive'], wrong).toBe('--');
    }
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '5' } });
    expect(figures()['You receive']).toBe('4.5 USDT');
  });

  it('opens the records on the withdrawals tab after submitting', async () => {
    saveToken('a-token');
    const api = fake(null);
    const { router } = renderApp('/pages/fund/withdraw');
    await screen.findByLabelText('Withdrawal address');
    await vi.waitFor(() => expect(screen.getByText('0.5')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'secret1' } });
    await withdraw('20');
    await vi.waitFor(() => expect(api.of('/wallet/out')).toHaveLength(1));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/fund/receive_withdraw_record'));
    expect(router.state.location.search).toBe('?tab=withdraw');
    expect((await screen.findByRole('tab', { name: 'Withdraw' })).getAttribute('aria-selected')).toBe('true');
  });

  it('requires the pay password, and sends it', async () => {
    saveToken('a-token');
    const api = fake(null, true);
    renderApp('/pages/fund/withdraw');
    await screen.findByLabelText('Pay password');
    await vi.waitFor(() => expect(screen.getByText('0.5')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your pay password');
    expect(screen.queryByRole('button', { name: 'Confirm' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'secret1' } });
    await withdraw('20');
    await vi.waitFor(() => expect(api.of('/wallet/out')).toHaveLength(1));
    expect(api.of('/wallet/out')[0]!.params).toMatchObject({ destination: 'address', address_id: '4', pay_password: 'secret1' });
  });

  it('leads a user without a pay password to set one first, with no withdrawal form', async () => {
    saveToken('a-token');
    const api = fake(null, false);
    const { router } = renderApp('/pages/fund/withdraw');
    expect(await screen.findByText('Set a payment password first: withdrawals, wallet addresses and bank cards are confirmed with it.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('Amount')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set payment password' })));
    expect(router.state.location.pathname).toBe('/pages/setting/payPassword');
    expect(api.of('/wallet/out')).toHaveLength(0);
  });
});
