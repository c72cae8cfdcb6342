/** Proves the login form's stay-logged-in choice: unticked by default, sent as `remember`, and where the session is kept for each answer. */
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getState, reloadState } from '../../store/store.ts';
import { USER, fakeApi } from '../../test/fake-api.ts';
import { renderApp } from '../../test/render-app.tsx';

const LOGIN = '/user/login';

async function logIn(options: { remember?: boolean } = {}) {
  fireEvent.change(await screen.findByLabelText('Username / email / mobile'), { target: { value: 'ann@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass-1' } });
  if (options.remember) await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Stay logged in' })));
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })));
}

// Home's lists, reached after login, answer empty.
const answers = () => fakeApi({ [LOGIN]: { type: 'ok', message: 'a-token' }, '/user/info': { type: 'ok', message: USER } }, { type: 'ok', message: [] });

describe('login', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does leave stay logged in unticked when the form opens', async () => {
    answers();
    renderApp('/pages/common/login');
    const box = (await screen.findByRole('checkbox', { name: 'Stay logged in' })) as HTMLInputElement;
    expect(box.checked).toBe(false);
  });

  it('does keep the session for this browser session only when stay logged in is unticked', async () => {
    const api = answers();
    const { router } = renderApp('/pages/common/login');
    await logIn();
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/pages/common/login'));
    expect(api.bodyOf(LOGIN)).toEqual({ user_string: 'ann@example.com', password: 'secret-pass-1', remember: '0', lang: 'en' });
    expect(sessionStorage.getItem('token')).toBe('a-token');
    expect(JSON.parse(sessionStorage.getItem('user')!)).toMatchObject({ id: USER.id });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // A reload in the same browser session keeps the user logged in.
    reloadState();
    expect(getState().token).toBe('a-token');
  });

  it('does keep the session in local storage when stay logged in is ticked', async () => {
    const api = answers();
    const { router } = renderApp('/pages/common/login');
    await logIn({ remember: true });
    await vi.waitFor(() => expect(router.state.location.pathname).not.toBe('/pages/common/login'));
    expect(api.bodyOf(LOGIN)).toMatchObject({ remember: '1' });
    expect(localStorage.getItem('token')).toBe('a-token');
    expect(sessionStorage.getItem('token')).toBeNull();
  });
});
