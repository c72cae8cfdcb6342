/**
 * Proves deposit step two: the platform address as text and QR code with a working copy button, the
 * declaration's checks (a positive amount, the voucher required) and its calls (upload, then
 * POST /wallet/charge_req with the uploaded reference), and the customer-service notice in place of the
 * address when the site asks users to contact it first. The page names its one network and any minimum
 * deposit (and refuses less); opened without a coin, or with one the server does not offer, it leads to
 * the coin picker instead of a spinner.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const ADDRESS = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const VOUCHER_URL = '/uploads/0123456789abcdef0123456789abcdef.png?exp=1767225600&sig=abc';
const info = (contact_first: boolean) => ({
  id: 1,
  name: 'USDT',
  logo: null,
  decimals: 6,
  network: 'TRC20',
  contact_first,
  networks: [{ network: 'TRC20', deposit_enabled: true, withdraw_enabled: true, withdraw_fee: '1', withdraw_min: '10', deposit_min: '0' }],
});

function fake(contactFirst = false, depositMin = '0') {
  const ok = (message: unknown) => ({ type: 'ok', message });
  const answer = info(contactFirst);
  answer.networks[0]!.deposit_min = depositMin;
  return fakeApi({
    '/user/info': ok(null),
    '/wallet/get_info': ok(answer),
    '/wallet/get_in_address': ok({ currency_id: 1, currency: 'USDT', network: 'TRC20', address: ADDRESS }),
    '/upload': ok(VOUCHER_URL),
    '/wallet/charge_req': ok({ id: 5, status: 'pending' }),
  });
}

const PATH = '/pages/fund/receive?currency=1&network=TRC20';
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Submit' })));
const pickVoucher = () =>
  fireEvent.change(screen.getByLabelText('Payment voucher'), { target: { files: [new File(['png'], 'voucher.png', { type: 'image/png' })] } });

describe('deposit: address and declaration', () => {
  beforeEach(() => {
    // jsdom has no object URLs; the picker previews the chosen file with one.
    URL.createObjectURL = vi.fn(() => 'blob:voucher');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'clipboard');
  });

  it('shows the platform address as text and as a QR code, and copies it', async () => {
    saveToken('a-token');
    const api = fake();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderApp(PATH);
    const card = await screen.findByRole('region', { name: 'Deposit address' });
    expect(within(card).getByRole('heading').textContent).toBe('USDT · TRC20');
    expect(within(card).getByText(ADDRESS)).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Deposit address' })).toBeTruthy();
    expect(api.bodyOf('/wallet/get_in_address')).toMatchObject({ currency: '1', network: 'TRC20' });

    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Copy address' })));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('names the one network the address takes, and its minimum deposit, refusing less', async () => {
    saveToken('a-token');
    const api = fake(false, '20');
    renderApp(PATH);
    const card = await screen.findByRole('region', { name: 'Deposit address' });
    expect(within(card).getByText('Send only USDT on the TRC20 network to this address: a deposit on another network cannot be credited.')).toBeTruthy();
    expect(within(card).getByText('Minimum deposit: 20 USDT')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Amount sent'), { target: { value: '19.99' } });
    pickVoucher();
    await submit();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['The minimum deposit is 20']);
    expect(api.count('/wallet/charge_req')).toBe(0);
  });

  it('shows no minimum when the network has none', async () => {
    saveToken('a-token');
    fake();
    renderApp(PATH);
    await screen.findByText('Send only USDT on the TRC20 network to this address: a deposit on another network cannot be credited.');
    expect(screen.queryByText(/Minimum deposit/)).toBeNull();
  });

  it('leads to the coin picker when opened without a coin or with a wrong one', async () => {
    saveToken('a-token');
    for (const path of ['/pages/fund/receive', '/pages/fund/receive?currency=abc', '/pages/fund/receive?currency=0']) {
      const api = fake();
      const { router, unmount } = renderApp(path);
      await vi.waitFor(() => expect(router.state.location.pathname, path).toBe('/pages/fund/select'));
      expect(api.count('/wallet/get_info'), path).toBe(0);
      unmount();
    }
  });

  it('leads to the coin picker when the server does not offer the coin or network', async () => {
    saveToken('a-token');
    fakeApi({
      '/user/info': { type: 'ok', message: null },
      '/wallet/get_info': { type: 'error', message: 'This coin or network is not available at the moment', code: 'currency_unavailable' },
    });
    const { router } = renderApp('/pages/fund/receive?currency=99&network=XYZ');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/fund/select'));
  });

  it('tells the user to copy by hand when the clipboard refuses', async () => {
    saveToken('a-token');
    fake();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    renderApp(PATH);
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Copy address' })));
    expect(await screen.findByText('Could not copy; please copy it by hand')).toBeTruthy();
  });

  it('refuses a wrong amount and a missing voucher, and sends nothing', async () => {
    saveToken('a-token');
    const api = fake();
    renderApp(PATH);
    const amount = await screen.findByLabelText('Amount sent');
    for (const wrong of ['', '0', '0.000', 'abc', '-5', '1e3']) {
      fireEvent.change(amount, { target: { value: wrong } });
      await submit();
      expect(screen.getByLabelText('Amount sent').getAttribute('aria-invalid'), wrong).toBe('true');
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please enter the correct amount', 'Please upload the payment voucher']);
    }
    fireEvent.change(amount, { target: { value: '100' } });
    await submit();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please upload the payment voucher']);
    expect(api.count('/upload')).toBe(0);
    expect(api.count('/wallet/charge_req')).toBe(0);
  });

  it('uploads the voucher, declares the amount with its reference and opens the records', async () => {
    saveToken('a-token');
    const api = fake();
    const { router } = renderApp(PATH);
    fireEvent.change(await screen.findByLabelText('Amount sent'), { target: { value: ' 250.5 ' } });
    pickVoucher();
    expect(screen.getByRole('img', { name: 'Payment voucher' }).getAttribute('src')).toBe('blob:voucher');
    await submit();
    await vi.waitFor(() => expect(api.count('/wallet/charge_req')).toBe(1));
    expect(api.count('/upload')).toBe(1);
    expect(api.bodyOf('/wallet/charge_req')).toMatchObject({ currency: '1', network: 'TRC20', amount: '250.5', voucher: VOUCHER_URL });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/fund/receive_withdraw_record'));
  });

  it('shows the contact-customer-service notice instead of the address when configured', async () => {
    saveToken('a-token');
    const api = fake(true);
    const { router } = renderApp(PATH);
    expect((await screen.findByRole('alert')).textContent).toBe('Please contact customer service before recharging');
    expect(screen.queryByRole('region', { name: 'Deposit address' })).toBeNull();
    expect(screen.queryByLabelText('Amount sent')).toBeNull();
    expect(api.count('/wallet/get_in_address')).toBe(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Contact customer service' })));
    expect(router.state.location.pathname).toBe('/pages/kefu/index');
  });
});
