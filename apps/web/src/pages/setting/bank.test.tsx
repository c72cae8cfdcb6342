/**
 * Proves the bank card forms: the saved card loads, every field and the pay password are required, the
 * save call carries the fields and the pay password, and a user without one is led to set it first.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeOkApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const DOMESTIC = {
  'Real name': ['real_name', 'Li Lei'],
  'Card number': ['bank_account', '6222020200112233445'],
  'Bank name': ['bank_name', 'ICBC'],
  Branch: ['bank_branch', 'Haidian branch'],
  Province: ['province', 'Beijing'],
  City: ['city', 'Beijing'],
  Phone: ['phone', '13800138000'],
} as const;

/** The card calls, for a user who has set a pay password (or not). */
const fakeCards = (answers: Record<string, unknown>, payPinSet = true) => fakeOkApi({ '/user/info': { ...USER, pay_pin_set: payPinSet }, ...answers });

describe('bank card forms', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads the saved domestic card into the form', async () => {
    saveToken('a-token');
    const api = fakeCards({ '/user/cash_info': Object.fromEntries(Object.values(DOMESTIC)) });
    renderApp('/pages/setting/bank');
    expect(((await screen.findByLabelText('Real name', {}, { timeout: 5000 })) as HTMLInputElement).value).toBe('Li Lei');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('6222020200112233445');
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

  it('loads and saves the international card through its own calls', async () => {
    saveToken('a-token');
    const card = {
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
