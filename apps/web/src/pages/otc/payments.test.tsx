/**
 * Proves the payment methods view: each method on offer with what the user set for it; bank cards lead
 * to settings; an operator's method is filled in with the holder and account and the pay password, and
 * removed after a confirmation.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OtcPaymentSetup } from '@fairex/contract';
import { fakeOkApi } from '../../test/fake-api.ts';
import { openOtc, USER_WITH_PIN, WAIT } from './test-fixtures.tsx';

const setup: OtcPaymentSetup = [
  { method: { id: 1, kind: 'bank', name: 'Bank card' }, detail: { method_id: 1, kind: 'bank', name: 'Bank card', fields: { real_name: 'Ann Lee', bank_account: '6222020200112233' } } },
  { method: { id: 3, kind: 'account', name: 'Alipay' }, detail: null },
];
const saved: OtcPaymentSetup = [setup[0]!, { method: setup[1]!.method, detail: { method_id: 3, kind: 'account', name: 'Alipay', fields: { holder: 'Ann Lee', account: 'ann@example.com' } } }];

function open() {
  const api = fakeOkApi({ '/otc/payment/accounts': setup, '/otc/payment/save': saved, '/otc/payment/delete': setup, '/user/info': USER_WITH_PIN });
  return { api, router: openOtc('?tab=payments') };
}

describe('OTC payment methods', { timeout: 20_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the card from settings with a link there, and an unset account method', async () => {
    const { router } = open();
    const card = await screen.findByRole('article', { name: 'Bank card' }, WAIT);
    expect(card.textContent).toContain('6222020200112233');
    expect(within(card).getByText('Set')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Alipay' })).getByText('Not set')).toBeTruthy();
    await act(async () => fireEvent.click(within(card).getByRole('link', { name: 'Edit card' })));
    expect(router.state.location.pathname).toBe('/pages/setting/bank');
  });

  it('fills in an account with the pay password, then removes it after a confirmation', async () => {
    const { api } = open();
    const alipay = await screen.findByRole('article', { name: 'Alipay' }, WAIT);
    await act(async () => fireEvent.click(within(alipay).getByRole('button', { name: 'Add' })));
    await act(async () => fireEvent.click(within(alipay).getByRole('button', { name: 'Save' })));
    expect(within(alipay).getAllByRole('alert').map((a) => a.textContent)).toEqual(['Required', 'Required', 'Enter your pay password']);
    fireEvent.change(within(alipay).getByLabelText('Account holder'), { target: { value: 'Ann Lee' } });
    fireEvent.change(within(alipay).getByLabelText('Account number'), { target: { value: 'ann@example.com' } });
    fireEvent.change(within(alipay).getByLabelText('Pay password'), { target: { value: 'pay-secret-1' } });
    await act(async () => fireEvent.click(within(alipay).getByRole('button', { name: 'Save' })));
    await vi.waitFor(() => expect(api.of('/otc/payment/save')[0]?.params).toMatchObject({ method_id: '3', holder: 'Ann Lee', account: 'ann@example.com', pay_password: 'pay-secret-1' }), WAIT);
    expect(await within(alipay).findByText('ann@example.com', undefined, WAIT)).toBeTruthy();
    await act(async () => fireEvent.click(within(alipay).getByRole('button', { name: 'Remove' })));
    const dialog = await screen.findByRole('dialog', undefined, WAIT);
    expect(dialog.textContent).toContain('Remove your Alipay account?');
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' })));
    await vi.waitFor(() => expect(api.of('/otc/payment/delete')[0]?.params).toMatchObject({ method_id: '3' }), WAIT);
  });
});
