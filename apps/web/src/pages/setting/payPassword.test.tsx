/** Proves the pay-password form: the code goes to the user's own address (scene security), the checks, the body, success and refusal. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const PATH = '/safe/update_password';


async function fill(values: { password?: string; confirm?: string; code?: string }) {
  fireEvent.change(await screen.findByLabelText('New payment password', {}, { timeout: 5000 }), { target: { value: values.password ?? '' } });
  fireEvent.change(screen.getByLabelText('Confirm payment password'), { target: { value: values.confirm ?? '' } });
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: values.code ?? '' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
}

const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('pay password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends the code to the email on file, or to the mobile when there is no email', async () => {
    saveToken('a-token');
    const api = fakeApi({ '/user/info': { type: 'ok', message: USER } });
    const view = renderApp('/pages/setting/payPassword');
    expect(await screen.findByRole('heading', { name: 'Set payment password' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The verification code will be sent to ann@example.com')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(api.bodyOf('/sms_mail')).toEqual({ user_string: 'ann@example.com', scene: 'security', lang: 'en' });
    expect(await screen.findByRole('button', { name: /Resend in \d+ s/ })).toBeTruthy();
    view.unmount();

    const phoneOnly = fakeApi({ '/user/info': { type: 'ok', message: { ...USER, email: null, mobile: '13812345678', pay_pin_set: true } } });
    renderApp('/pages/setting/payPassword');
    expect(await screen.findByRole('heading', { name: 'Change payment password' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('The verification code will be sent to +86 13812345678')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Get code' })));
    expect(phoneOnly.bodyOf('/sms_send')).toEqual({ area_code: '86', mobile: '13812345678', scene: 'security', lang: 'en' });
  });

  it('checks the length, the match and the code before sending', async () => {
    saveToken('a-token');
    const api = fakeApi({ '/user/info': { type: 'ok', message: USER } });
    renderApp('/pages/setting/payPassword');
    // Six characters is the edge: "more than 6" like every password of the spec.
    await fill({ password: '123456', confirm: '123456', code: '12' });
    expect(alerts()).toEqual([
      'The password must be more than 6 characters',
      'The password must be more than 6 characters',
      'Please enter the 6-digit verification code',
    ]);
    await fill({ password: '1234567', confirm: '1234568', code: '123456' });
    expect(alerts()).toEqual(['The two passwords are inconsistent']);
    expect(api.count(PATH)).toBe(0);
  });

  it('does show the real range in the placeholder and the limit when the password is too long', async () => {
    saveToken('a-token');
    const api = fakeApi({ '/user/info': { type: 'ok', message: USER } });
    renderApp('/pages/setting/payPassword');
    expect(((await screen.findByLabelText('New payment password')) as HTMLInputElement).placeholder).toBe('7 to 64 characters');
    const long = 'x'.repeat(70);
    await fill({ password: long, confirm: long, code: '123456' });
    expect(alerts()).toEqual(['The password must be at most 64 characters', 'The password must be at most 64 characters']);
    expect(api.count(PATH)).toBe(0);
  });

  it('posts the password twice with the code, refreshes the user and returns to security', async () => {
    saveToken('a-token');
    const api = fakeApi({ '/user/info': { type: 'ok', message: USER } });
    const { router } = renderApp('/pages/setting/payPassword');
    await screen.findByRole('heading', { name: 'Set payment password' }, { timeout: 5000 });
    const infoCalls = api.count('/user/info');
    await fill({ password: '2468101', confirm: '2468101', code: '123456' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/security'));
    expect(api.bodyOf(PATH)).toEqual({ password: '2468101', re_password: '2468101', code: '123456', lang: 'en' });
    expect(await screen.findByText('Payment password saved')).toBeTruthy();
    await vi.waitFor(() => expect(api.count('/user/info')).toBeGreaterThan(infoCalls));
  });

  it('shows a wrong code answer and stays', async () => {
    saveToken('a-token');
    fakeApi({
      '/user/info': { type: 'ok', message: USER },
      [PATH]: { type: 'error', code: 'code_invalid', message: 'The verification code is wrong or has expired' },
    });
    const { router } = renderApp('/pages/setting/payPassword');
    await fill({ password: '2468101', confirm: '2468101', code: '000000' });
    expect(await screen.findByText('The verification code is wrong or has expired')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/setting/payPassword');
  });
});
