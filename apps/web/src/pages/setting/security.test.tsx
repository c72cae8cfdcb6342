/**
 * Proves the security centre: the rows show what is bound and set; the email and phone sheets check their
 * fields, send the bind-scene code, ask for the login password and (to replace a bound contact) a code
 * from the current one, post /safe/email or /safe/mobile with the right body, refresh the user on
 * success and keep the sheet open on a refusal; identity verification sends an unbound user here.
 */
import type { UserInfo } from '@fairex/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saveToken } from '../../store/store.ts';
import { USER, fakeApi, type Call } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

/** GET /user/info answers `user`, which a successful bind updates as the server would. */
function fakeSecurity(overrides: Record<string, { type: string; message: unknown; code?: string }> = {}) {
  let user: UserInfo = { ...USER };
  const bind = (patch: (body: URLSearchParams) => Partial<UserInfo>) => (call: Call) => {
    user = { ...user, ...patch(call.body) };
    return { type: 'ok', message: '' };
  };
  return fakeApi({
    '/user/info': () => ({ type: 'ok', message: user }),
    '/safe/email': bind((body) => ({ email: body.get('email') })),
    '/safe/mobile': bind((body) => ({ mobile: body.get('mobile'), area_code: body.get('area_code') ?? user.area_code })),
    ...overrides,
  });
}

/** Generous waits: the first find also waits for the lazy page to load on a busy machine. */
const WAIT = { timeout: 5000 };
const row = (name: RegExp) => screen.findByRole('button', { name }, WAIT);
const sheet = (name: string) => screen.findByRole('dialog', { name }, WAIT);
const alerts = () => screen.queryAllByRole('alert').map((node) => node.textContent);

describe('security centre', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the bindings and the pay password state, and leads to the password forms', async () => {
    saveToken('a-token');
    fakeSecurity();
    const { router } = renderApp('/pages/setting/security');
    expect(await row(/^Email\s*ann@example\.com$/)).toBeTruthy();
    expect(await row(/^Mobile\s*Not bound$/)).toBeTruthy();
    expect(await row(/^Payment password\s*Not set$/)).toBeTruthy();
    fireEvent.click(await row(/^Login password/));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/password'));
    await act(() => router.navigate('/pages/setting/security'));
    fireEvent.click(await row(/^Payment password/));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/payPassword'));
  });

  it('replaces an email: checks, sends the bind code and the current email’s code, posts /safe/email with the login password', async () => {
    saveToken('a-token');
    const api = fakeSecurity();
    renderApp('/pages/setting/security');
    fireEvent.click(await row(/^Email/));
    const form = within(await sheet('Bind email'));
    expect(form.getByText('A code confirming the change will be sent to ann@example.com')).toBeTruthy();
    const [newCodeButton, currentCodeButton] = form.getAllByRole('button', { name: 'Get code' });

    fireEvent.change(form.getByLabelText('Email'), { target: { value: 'not-an-email' } });
    await act(async () => fireEvent.click(newCodeButton!));
    expect(alerts()).toEqual(['Please enter a correct email address']);
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Bind' })));
    expect(alerts()).toEqual([
      'Please enter a correct email address',
      'Please enter the 6-digit verification code',
      'Please enter your login password',
      'Please enter the 6-digit verification code',
    ]);
    expect(api.count('/sms_mail') + api.count('/safe/email')).toBe(0);

    fireEvent.change(form.getByLabelText('Email'), { target: { value: ' new@example.com ' } });
    await act(async () => fireEvent.click(newCodeButton!));
    expect(api.bodyOf('/sms_mail')).toEqual({ user_string: 'new@example.com', scene: 'bind', lang: 'en' });
    await act(async () => fireEvent.click(currentCodeButton!));
    expect(api.bodyOf('/sms_mail')).toEqual({ user_string: 'ann@example.com', scene: 'security', lang: 'en' });
    fireEvent.change(form.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(form.getByLabelText('Code from your current email'), { target: { value: '222333' } });
    fireEvent.change(form.getByLabelText('Login password'), { target: { value: 'my-login-pass' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Bind' })));
    expect(api.bodyOf('/safe/email')).toEqual({ email: 'new@example.com', code: '123456', password: 'my-login-pass', old_code: '222333', lang: 'en' });
    expect(await screen.findByText('Your email is bound')).toBeTruthy();
    expect(await row(/^Email\s*new@example\.com$/)).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bind email' })).toBeNull());
  });

  it('binds a first mobile number with its area code and the login password, no current-number code', async () => {
    saveToken('a-token');
    const api = fakeSecurity();
    renderApp('/pages/setting/security');
    fireEvent.click(await row(/^Mobile/));
    const form = within(await sheet('Bind mobile number'));
    expect(form.getByRole('button', { name: 'Country or region code +86' })).toBeTruthy();

    fireEvent.change(form.getByLabelText('Mobile'), { target: { value: '12345678901' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Bind' })));
    expect(alerts()).toEqual(['Please enter a correct mobile number', 'Please enter the 6-digit verification code', 'Please enter your login password']);
    expect(form.queryByLabelText('Code from your current mobile number')).toBeNull();

    fireEvent.change(form.getByLabelText('Mobile'), { target: { value: '13812345678' } });
    fireEvent.change(form.getByLabelText('Login password'), { target: { value: 'my-login-pass' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Get code' })));
    expect(api.bodyOf('/sms_send')).toEqual({ area_code: '86', mobile: '13812345678', scene: 'bind', lang: 'en' });
    fireEvent.change(form.getByLabelText('Verification code'), { target: { value: '654321' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Bind' })));
    expect(api.bodyOf('/safe/mobile')).toEqual({ mobile: '13812345678', code: '654321', area_code: '86', password: 'my-login-pass', lang: 'en' });
    expect(await screen.findByText('Your mobile number is bound')).toBeTruthy();
    expect(await row(/^Mobile\s*\+86 13812345678$/)).toBeTruthy();
  });

  it('keeps the sheet and the entries when the server refuses the binding', async () => {
    saveToken('a-token');
    fakeSecurity({ '/safe/mobile': { type: 'error', code: 'account_exists', message: 'The account already exists' } });
    renderApp('/pages/setting/security');
    fireEvent.click(await row(/^Mobile/));
    const form = within(await sheet('Bind mobile number'));
    fireEvent.change(form.getByLabelText('Mobile'), { target: { value: '13812345678' } });
    fireEvent.change(form.getByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.change(form.getByLabelText('Login password'), { target: { value: 'my-login-pass' } });
    await act(async () => fireEvent.click(form.getByRole('button', { name: 'Bind' })));
    expect(await screen.findByText('The account already exists')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Bind mobile number' })).toBeTruthy();
    expect((form.getByLabelText('Mobile') as HTMLInputElement).value).toBe('13812345678');
    expect(await row(/^Mobile\s*Not bound$/)).toBeTruthy();
  });
});

describe('identity verification without bindings', () => {
  afterEach(() => vi.unstubAllGlobals());

  const state = (basic: string) => ({
    level: 0,
    state: basic,
    real_type: 1,
    reason: null,
    basic: { state: basic, reason: null, name: null, id_type: null, card_id: null },
    advanced: { state: 'not_authenticated', reason: null },
    limits: { withdraw_24h_btc: '0', fiat_trade_per_order_usdt: '0' },
  });

  it('leads a user without a bound mobile to the security centre instead of the form', async () => {
    saveToken('a-token');
    fakeSecurity({ '/real/state': { type: 'ok', message: state('not_authenticated') } });
    const { router } = renderApp('/pages/setting/real');
    const go = await screen.findByRole('button', { name: 'Go to the security centre' }, WAIT);
    expect(screen.getByText('Please bind your email and mobile number before identity verification')).toBeTruthy();
    expect(screen.queryByLabelText('Document number')).toBeNull();
    fireEvent.click(go);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/pages/setting/security'));
  });
});
