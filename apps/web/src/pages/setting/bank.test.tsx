/**
 * Proves the bank card forms: the saved card loads, every field and the pay password are required, each
 * field is checked by its format with the error under it (card number, SWIFT/BIC, ABA routing number,
 * phone, legal name, plain text), the save call carries the fields and the pay password, a saved card is
 * edited by its id and removed after confirmation with the pay password, and a user without a pay
 * password is led to set it first.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDefaultConfig } from '../../antd-startup.ts';
import { ANTD_LOCALES } from '../../i18n/antd-locales.ts';
import { saveToken } from '../../store/store.ts';
import { USER, fakeApi, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const DOMESTIC = {
  'Real name': ['real_name', 'Li Lei'],
  'Card number': ['bank_account', '6222020200112233446'],
  'Bank name': ['bank_name', 'ICBC'],
  Branch: ['bank_branch', 'Haidian branch'],
  Province: ['province', 'Beijing'],
  City: ['city', 'Beijing'],
  Phone: ['phone', '13800138000'],
} as const;

const LABELS: Record<string, string> = {
  real_name: 'Real name', bank_account: 'Card number', bank_name: 'Bank name', bank_branch: 'Branch', aba_number: 'ABA number',
  swift_code: 'SWIFT code', bank_network: 'Bank network', holder_address: 'Cardholder address', phone: 'Phone',
};

/** The card calls, for a user who has set a pay password (or not). */
const fakeCards = (answers: Record<string, unknown>, payPinSet = true) => fakeOkApi({ '/user/info': { ...USER, pay_pin_set: payPinSet }, ...answers });

/** The error shown under the field labelled `label`, if any. */
const errorUnder = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : undefined;
};
const fillCard = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(screen.getByLabelText(label), { target: { value } });
};
const INTERNATIONAL = {
  real_name: 'John Smith',
  bank_account: '000123456789',
  bank_name: 'Chase',
  bank_branch: 'Manhattan',
  aba_number: '021000021',
  swift_code: 'CHASUS33',
  bank_network: 'ACH',
  holder_address: '1 Main St, New York',
  phone: '+12125550100',
};

describe('bank card forms', () => {
  // As App does: the confirmation dialog renders outside the tree and reads antd-mobile's default locale.
  beforeEach(() => setDefaultConfig({ locale: ANTD_LOCALES.en }));
  afterEach(() => vi.unstubAllGlobals());

  it('loads the saved domestic card into the form', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': Object.fromEntries(Object.values(DOMESTIC)) });
    renderApp('/pages/setting/bank');
    expect(((await screen.findByLabelText('Real name', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('Li Lei');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6222020200112233446');
    expect(api.of('/user/cash_info')).toHaveLength(1);
  });

  it('requires every field and sends nothing while one is empty', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': null });
    renderApp('/pages/setting/bank');
    fireEvent.change(await screen.findByLabelText('Real name'), { target: { value: 'Li Lei' } });
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '   ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const alerts = screen.getAllByRole('alert').map((alert) => alert.textContent);
    expect(alerts).toEqual([
      'Card number is required',
      'Bank name is required',
      'Branch is required',
      'Province is required',
      'City is required',
      'Phone is required',
      'Please enter your pay password',
    ]);
    expect(api.of('/user/cash_save')).toHaveLength(0);
  });

  it('saves the domestic card with every field, trimmed', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': null, '/user/cash_save': '' });
    renderApp('/pages/setting/bank');
    await screen.findByLabelText('Real name');
    for (const [label, [, value]] of Object.entries(DOMESTIC)) fireEvent.change(screen.getByLabelText(label), { target: { value: ` ${value} ` } });
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(api.of('/user/cash_save')).toHaveLength(1));
    const { lang: _lang, ...body } = api.of('/user/cash_save')[0]!.params;
    expect(body).toEqual({ ...Object.fromEntries(Object.values(DOMESTIC)), pay_password: 'pay-secret' });
    expect(await screen.findByText('Bank card saved')).toBeTruthy();
  });

  it('shows what is wrong with each domestic field under it and sends nothing', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': null });
    renderApp('/pages/setting/bank');
    await screen.findByLabelText('Real name');
    fillCard({ 'Real name': 'Li Lei 2', 'Card number': '6222020200112233445', 'Bank name': 'ICBC', Branch: '<b>Xidan</b>', Province: 'Beijing', City: 'Beijing', Phone: '12345', 'Pay password': 'pay-secret' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(errorUnder('Real name')).toBe("Enter your name as on your document: letters, spaces and ' - . · only");
    expect(errorUnder('Card number')).toBe('Enter a correct card number: 12-19 digits');
    expect(errorUnder('Branch')).toBe('Remove the characters < > and control characters');
    expect(errorUnder('Phone')).toBe('Please enter a correct mobile number');
    expect(errorUnder('Bank name')).toBeUndefined();
    expect(api.of('/user/cash_save')).toHaveLength(0);
    // Fixing a field clears its error; the card number with its groups typed in is taken.
    fireEvent.change(screen.getByLabelText('Card number'), { target: { value: '6222 0202 0011 2233 446' } });
    expect(errorUnder('Card number')).toBeUndefined();
  });

  it('checks the SWIFT/BIC code, the ABA routing number, the account and the phone of an international card', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info_international': null });
    renderApp('/pages/setting/bank_international');
    await screen.findByLabelText('SWIFT code');
    fillCard({
      'Real name': 'John Smith',
      'Card number': 'GB00WEST12345698765432',
      'Bank name': 'Chase',
      Branch: 'Manhattan',
      'ABA number': '021000022',
      'SWIFT code': 'CHASUS3',
      'Bank network': 'ACH',
      'Cardholder address': '1 Main St',
      Phone: 'call me',
      'Pay password': 'pay-secret',
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(errorUnder('Card number')).toBe('Enter a correct account number (4-34 digits) or IBAN');
    expect(errorUnder('ABA number')).toBe('Enter a correct ABA routing number: 9 digits');
    expect(errorUnder('SWIFT code')).toBe('Enter a correct SWIFT/BIC code: 8 or 11 letters and digits');
    expect(errorUnder('Phone')).toBe('Please enter a correct mobile number');
    expect(api.of('/user/cash_save_international')).toHaveLength(0);
    fillCard({ 'Card number': 'GB82 WEST 1234 5698 7654 32', 'ABA number': '021000021', 'SWIFT code': 'chasus33', Phone: '+1 212-555-0100' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(api.of('/user/cash_save_international')).toHaveLength(1));
  });

  it('shows the server’s refusal of a field under that field', async () => {
    saveToken('a-token');
    fakeApi({
      '/user/info': { type: 'ok', message: { ...USER, pay_pin_set: true } },
      '/user/cash_info_international': { type: 'ok', message: null },
      '/user/cash_save_international': { type: 'error', code: 'swift_code_invalid', message: 'Please enter a correct SWIFT/BIC code' },
    });
    renderApp('/pages/setting/bank_international');
    await screen.findByLabelText('SWIFT code');
    for (const [field, value] of Object.entries(INTERNATIONAL)) fireEvent.change(screen.getByLabelText(LABELS[field]!), { target: { value } });
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(errorUnder('SWIFT code')).toBe('Please enter a correct SWIFT/BIC code'));
  });

  it('edits the saved card by its id', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': { id: 9, ...Object.fromEntries(Object.values(DOMESTIC)) }, '/user/cash_save': '' });
    renderApp('/pages/setting/bank');
    expect(await screen.findByText('Your saved card: change any field and save, or remove it.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Branch'), { target: { value: 'Chaoyang branch' } });
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(api.of('/user/cash_save')).toHaveLength(1));
    expect(api.of('/user/cash_save')[0]!.params).toMatchObject({ id: '9', bank_branch: 'Chaoyang branch', pay_password: 'pay-secret' });
  });

  it('removes the saved card only after confirmation with the pay password, then shows an empty form', async () => {
    saveToken('a-token');
    let card: Record<string, unknown> | null = { id: 9, ...Object.fromEntries(Object.values(DOMESTIC)) };
    const api = fakeCards({
      '/user/cash_info': () => card,
      '/user/cash_delete': () => {
        card = null;
        return '';
      },
    });
    renderApp('/pages/setting/bank');
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Remove card' })));
    expect(errorUnder('Pay password')).toBe('Please enter your pay password');
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove card' })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Remove this card? Withdrawals already requested are not affected.')).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' })));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.of('/user/cash_delete')).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove card' })));
    await act(async () => fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove card' })));
    await vi.waitFor(() => expect(api.of('/user/cash_delete')).toHaveLength(1));
    expect(api.of('/user/cash_delete')[0]!.params).toMatchObject({ id: '9', pay_password: 'pay-secret' });
    expect(await screen.findByText('Card removed')).toBeTruthy();
    await vi.waitFor(() => expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe(''));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Remove card' })).toBeNull();
    expect(screen.queryByText('Your saved card: change any field and save, or remove it.')).toBeNull();
  });

  it('loads and saves the international card through its own calls', async () => {
    saveToken('a-token');
    const card = INTERNATIONAL;
    const api = fakeCards({ '/user/cash_info_international': card, '/user/cash_save_international': '' });
    renderApp('/pages/setting/bank_international');
    expect(((await screen.findByLabelText('SWIFT code')) as HTMLInputElement).value).toBe('CHASUS33');
    fireEvent.change(screen.getByLabelText('Cardholder address'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Pay password'), { target: { value: 'pay-secret' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(screen.getByRole('alert').textContent).toBe('Cardholder address is required');
    fireEvent.change(screen.getByLabelText('Cardholder address'), { target: { value: '2 Main St, New York' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(api.of('/user/cash_save_international')).toHaveLength(1));
    expect(api.of('/user/cash_save_international')[0]!.params).toMatchObject({ ...card, holder_address: '2 Main St, New York', pay_password: 'pay-secret' });
    expect(api.of('/user/cash_save')).toHaveLength(0);
  });

  it('leads a user without a pay password to set one first, with no card form', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': null }, false);
    const { router } = renderApp('/pages/setting/bank');
    expect(await screen.findByText('Set a payment password first: withdrawals, wallet addresses and bank cards are confirmed with it.', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set payment password' })));
    expect(router.state.location.pathname).toBe('/pages/setting/payPassword');
    expect(api.of('/user/cash_save')).toHaveLength(0);
  });
});
