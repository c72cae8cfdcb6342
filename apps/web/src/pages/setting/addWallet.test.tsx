/**
 * Proves adding a withdrawal address: name, address and QR image are required (nothing is sent while one
 * is missing), the QR image is uploaded and its reference saved with the chosen coin, for a coin on
 * several networks the user picks the network and the address is checked against it under the field,
 * a name with markup is refused under its field, and an address the server refuses (a duplicate) leaves
 * the user on the form with the server's message under the address; the pay password confirms the
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

const ERC20 = '0x52908400098527886E0F7030069857D2E4169EE7';
const TRC20 = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
const network = (name: string) => ({ network: name, deposit_enabled: true, withdraw_enabled: true, withdraw_fee: '1', withdraw_min: '10' });
/** POST /wallet/get_info per coin: USDT on two networks, BTC on one. */
const INFO: Record<string, { networks: ReturnType<typeof network>[] }> = { '1': { networks: [network('ERC20'), network('TRC20')] }, '2': { networks: [network('BTC')] } };

function fake(save: { type: string; message: unknown; code?: string } = { type: 'ok', message: { id: 3, network: 'BTC' } }, payPinSet = true) {
  return fakeApi({
    '/user/info': { type: 'ok', message: { ...USER, pay_pin_set: payPinSet } },
    '/currency/user_currency_list': { type: 'ok', message: COINS },
    '/wallet/get_info': (call) => ({ type: 'ok', message: { id: Number(call.body.get('currency')), name: 'x', logo: null, decimals: 6, network: '', contact_first: false, ...INFO[call.body.get('currency')!] } }),
    '/upload': { type: 'ok', message: QRCODE_URL },
    '/user/wallet/save': save,
  });
}

const save = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));

async function fill(address: string) {
  fireEvent.change(await screen.findByLabelText('Coin'), { target: { value: '2' } });
  // BTC has one network, picked for the user once the coin's networks are in.
  await vi.waitFor(() => expect((screen.getByLabelText('Network') as HTMLSelectElement).value).toBe('BTC'));
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
    expect(api.bodyOf('/user/wallet/save')).toMatchObject({ currency: '2', network: 'BTC', name: 'Cold', address: BTC_ADDRESS, qrcode: QRCODE_URL, pay_password: 'pay-secret' });
    expect(await screen.findByText('Address saved')).toBeTruthy();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('checks the address against the network picked for a coin on several networks, under the field', async () => {
    saveToken('a-token');
    const api = fake({ type: 'ok', message: { id: 3, network: 'TRC20' } });
    renderApp('/pages/setting/addWallet');
    const networkSelect = (await screen.findByLabelText('Network')) as HTMLSelectElement;
    await vi.waitFor(() => expect([...networkSelect.options].map((option) => option.value)).toEqual(['ERC20', 'TRC20']));
    fireEvent.change(networkSelect, { target: { value: 'TRC20' } });
    expect(screen.getByText('Only an address on the TRC20 network is accepted')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Address name'), { target: { value: 'Cold' } });
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: ERC20 } });
    fireEvent.change(screen.getByLabelText('Address QR code image'), { target: { files: [new File(['png'], 'qr.png', { type: 'image/png' })] } });
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });
    await save();
    expect(screen.getByRole('alert').textContent).toBe('This is not a valid TRC20 address');
    expect(screen.getByLabelText('Wallet address').getAttribute('aria-invalid')).toBe('true');
    // A TRC20 address with one character changed fails its checksum.
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: `${TRC20.slice(0, -1)}M` } });
    await save();
    expect(screen.getByRole('alert').textContent).toBe('This is not a valid TRC20 address');
    expect(api.count('/user/wallet/save')).toBe(0);
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: TRC20 } });
    expect(screen.queryByRole('alert')).toBeNull();
    await save();
    await vi.waitFor(() => expect(api.count('/user/wallet/save')).toBe(1));
    expect(api.bodyOf('/user/wallet/save')).toMatchObject({ currency: '1', network: 'TRC20', address: TRC20 });
  });

  it('presets the network from the address typed until the user picks one', async () => {
    saveToken('a-token');
    fake();
    renderApp('/pages/setting/addWallet');
    const networkSelect = (await screen.findByLabelText('Network')) as HTMLSelectElement;
    expect(networkSelect.value).toBe('ERC20');
    fireEvent.change(screen.getByLabelText('Wallet address'), { target: { value: TRC20 } });
    expect(networkSelect.value).toBe('TRC20');
    // A pick wins over the address: the TRC20 address is then refused for ERC20.
    fireEvent.change(networkSelect, { target: { value: 'ERC20' } });
    fireEvent.change(screen.getByLabelText('Address name'), { target: { value: 'Cold' } });
    await save();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain('This is not a valid ERC20 address');
  });

  it('refuses markup in the name under the field', async () => {
    saveToken('a-token');
    const api = fake();
    renderApp('/pages/setting/addWallet');
    await fill(BTC_ADDRESS);
    fireEvent.change(screen.getByLabelText('Address name'), { target: { value: '<img src=x onerror=alert(1)>' } });
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Remove the characters < > and control characters');
    expect(screen.getByLabelText('Address name').getAttribute('aria-invalid')).toBe('true');
    expect(api.count('/user/wallet/save')).toBe(0);
  });

  it('keeps the form open with the server’s message under the address when it is refused as a duplicate', async () => {
    saveToken('a-token');
    const message = 'This address is already saved for this coin and network';
    const api = fake({ type: 'error', message, code: 'address_duplicate' });
    const { router } = renderApp('/pages/setting/addWallet');
    await fill(BTC_ADDRESS);
    await save();
    await vi.waitFor(() => expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([message]));
    expect(screen.getByLabelText('Wallet address').getAttribute('aria-invalid')).toBe('true');
    expect(api.count('/user/wallet/save')).toBe(1);
    expect(screen.queryByText('Address saved')).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/setting/addWallet');
    expect((screen.getByLabelText('Wallet address') as HTMLInputElement).value).toBe(` ${BTC_ADDRESS} `);
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
