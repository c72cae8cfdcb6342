/**
 * Proves adding a withdrawal address: name, address and QR image are required (nothing is sent while one
 * is missing), the QR image is uploaded and its reference saved with the chosen coin, and an address the
 * server refuses leaves the user on the form with the server's message; the pay password confirms the
 * address, and a user without one is led to set it first.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const COINS = [
  { id: 1, name: 'USDT', logo: null, decimals: 6, enabled: true, available: { legal: '0', change: '100', lever: '0', micro: '0' } },
  { id: 2, name: 'BTC', logo: null, decimals: 8, enabled: true, available: { legal: '0', change: '0', lever: '0', micro: '0' } },
];
const QRCODE_URL = '/uploads/0123456789abcdef0123456789abcdef.png?exp=1767225600&sig=abc';
const BTC_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';

function fake(save: { type: string; message: unknown; code?: string } = { type: 'ok', message: { id: 3, network: 'BTC' } }, payPinSet = true) {
  return fakeApi({
    '/user/info': { type: 'ok', message: { ...USER, pay_pin_set: payPinSet } },
    '/currency/user_currency_list': { type: 'ok', message: COINS },
    '/upload': { type: 'ok', message: QRCODE_URL },
    '/user/wallet/save': save,
  });
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

async function fill(address: string) {
  fireEvent.change(await screen.findByLabelText('Coin'), { target: { value: '2' } });
  fireEvent.change(screen.getByLabelText('Address name'), { target: { value: ' Cold ' } });
  fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: ` ${address} ` } });
  fireEvent.change(screen.getByLabelText('Address QR code image'), { target: { files: [new File(['png'], 'qr.png', { type: 'image/png' })] } });
  fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });
}

describe('add a withdrawal address', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:qr');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('requires a name, the address and the QR image, and sends nothing while one is missing', async () => {
    saveToken('a-token');
    const api = fake();
    renderApp('/pages/setting/addWallet');
    await screen.findByLabelText('Address name');
    await save();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter a name',
      'Please enter the wallet address',
      'Please upload the QR code image',
      'Please enter your pay password',
    ]);
    fireEvent.change(screen.getByLabelText('Address name'), { target: { value: 'Cold' } });
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: '   ' } });
    await save();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
      'Please enter the wallet address',
      'Please upload the QR code image',
      'Please enter your pay password',
    ]);
    expect(api.count('/upload')).toBe(0);
    expect(api.count('/user/wallet/save')).toBe(0);
  });

  it('uploads the QR image and saves the address with the chosen coin, then goes back', async () => {
    saveToken('a-token');
    const api = fake();
    const { router } = renderApp('/pages/setting/addWallet');
    await fill(BTC_ADDRESS);
    expect(screen.getByRole('img', { name: 'Address QR code image' })).toBeTruthy();
    await save();
    await vi.waitFor(() => expect(api.count('/user/wallet/save')).toBe(1));
    expect(api.count('/upload')).toBe(1);
    expect(api.bodyOf('/user/wallet/save')).toMatchObject({ currency: '2', name: 'Cold', address: BTC_ADDRESS, qrcode: QRCODE_URL, pay_password: 'pay-secret' });
    expect(await screen.findByText('Address saved')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('keeps the form open with the server’s message when the address is refused', async () => {
    saveToken('a-token');
    const message = 'The address does not match the coin’s networks';
    const api = fake({ type: 'error', message, code: 'address_invalid' });
    const { router } = renderApp('/pages/setting/addWallet');
    await fill('not-an-address');
    await save();
    expect(await screen.findByText(message)).toBeTruthy();
    expect(api.count('/user/wallet/save')).toBe(1);
    expect(screen.queryByText('Address saved')).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/setting/addWallet');
    expect((screen.getByLabelText('Wallet address') as HTMLInputElement).value).toBe(' not-an-address ');
  });

  it('leads a user without a pay password to set one first, with no form', async () => {
    saveToken('a-token');
    const api = fake(undefined, false);
    const { router } = renderApp('/pages/setting/addWallet');
    expect(await screen.findByText('Set a payment password first: withdrawals, wallet addresses and bank cards are confirmed with it.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('Wallet address')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set payment password' })));
    expect(router.state.location.pathname).toBe('/pages/setting/payPassword');
    expect(api.count('/user/wallet/save')).toBe(0);
  });
});
