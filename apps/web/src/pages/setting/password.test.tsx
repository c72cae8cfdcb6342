/** Proves the login-password form: its checks, POST /safe/update_login_password with the right body, success and a server refusal. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const PATH = '/safe/update_login_password';

async function fill(values: { old?: string; password?: string; confirm?: string }) {
  fireEvent.change(await screen.findByLabelText('Current password', {}, { timeout: 5000 }), { target: { value: values.old ?? '' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: values.password ?? '' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: values.confirm ?? '' } });
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Change password' })));
}

const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('change login password', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('checks every field before sending anything', async () => {
    saveToken('a-token');
    const api = fakeApi({});
    renderApp('/pages/setting/password');
    await fill({ password: 'short' });
    expect(alerts()).toEqual(['Please enter your password', 'The password must be more than 6 characters', 'The password must be more than 6 characters']);
    await fill({ old: 'old-pass-1', password: 'new-pass-1', confirm: 'new-pass-2' });
    expect(alerts()).toEqual(['The two passwords are inconsistent']);
    expect(api.count(PATH)).toBe(0);
  });

  it('does show the too-short message for 6 characters and the limit for 70', async () => {
    saveToken('a-token');
    const api = fakeApi({});
    renderApp('/pages/setting/password');
    expect(((await screen.findByLabelText('New password')) as HTMLInputElement).placeholder).toBe('7 to 64 characters');
    await fill({ old: 'old-pass-1', password: '123456', confirm: '123456' });
    expect(alerts()).toEqual(['The password must be more than 6 characters', 'The password must be more than 6 characters']);
    const long = 'x'.repeat(70);
    await fill({ old: 'old-pass-1', password: long, confirm: long });
    expect(alerts()).toEqual(['The password must be at most 64 characters', 'The password must be at most 64 characters']);
    await fill({ old: 'old-pass-1', password: '1234567', confirm: '1234567' });
    expect(alerts()).toEqual([]);
    await vi.waitFor(() => expect(api.count(PATH)).toBe(1));
  });

  it('posts the old and new passwords, tells the user and returns to the security centre', async () => {
    saveToken('a-token');
    const api = fakeApi({});
    const { router } = renderApp('/pages/setting/password');
    await fill({ old: 'old-pass-1', password: 'new-pass-1', confirm: 'new-pass-1' });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/security'));
    expect(api.bodyOf(PATH)).toEqual({ oldpassword: 'old-pass-1', password: 'new-pass-1', re_password: 'new-pass-1', lang: 'en' });
    expect(await screen.findByText('Password changed; your other devices have been logged out')).toBeTruthy();
  });

  it('shows the server refusal and stays on the form', async () => {
    saveToken('a-token');
    fakeApi({ [PATH]: { type: 'error', code: 'old_password_wrong', message: 'The old password is wrong' } });
    const { router } = renderApp('/pages/setting/password');
    await fill({ old: 'wrong-pass', password: 'new-pass-1', confirm: 'new-pass-1' });
    expect(await screen.findByText('The old password is wrong')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/setting/password');
  });
});
