/**
 * Proves the store persists under the spec's keys and that old storage is cleared once (spec section 4),
 * removing only the app's own keys.
 */
import { STORAGE_VERSION } from '@fairex/contract/constants';
import { describe, expect, it } from 'vitest';
import { RECENT_VIEWS_KEY, checkStorageVersion, clearSession, getState, reloadState, saveToken, setState, type StoreState } from './store.ts';

/** The back office's operator session key (apps/admin/src/api.ts), on the same origin. */
const ADMIN_TOKEN_STORAGE_KEY = 'fairex.admin.token';

describe('store', () => {
  it('persists the token, language, theme and fiat choice in localStorage', () => {
    saveToken('t1');
    setState({ lang: 'jp', theme: 'dark', fiat: { currency_code: 'EUR', rate: '0.92', saveTime: 5 } });

    expect(localStorage.getItem('token')).toBe('t1');
    expect(localStorage.getItem('lang')).toBe('jp');
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(JSON.parse(localStorage.getItem('fiat')!)).toEqual({ currency_code: 'EUR', rate: '0.92', saveTime: 5 });
    reloadState();
    expect(getState()).toMatchObject({ token: 't1', lang: 'jp', theme: 'dark' });
  });

  it('defaults to English, the light theme and USD', () => {
    expect(getState()).toMatchObject({ token: '', lang: 'en', theme: 'light', user: null, fiat: { currency_code: 'USD', rate: '1' } });
  });

  it('clears the session without touching the preferences', () => {
    saveToken('t2');
    setState({ lang: 'kor' });
    clearSession();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getState().lang).toBe('kor');
  });

  it('does keep the token and user in sessionStorage only when the session is not remembered', () => {
    saveToken('t3', { remember: false });
    setState({ user: { id: 9 } as StoreState['user'] });
    expect(sessionStorage.getItem('token')).toBe('t3');
    expect(sessionStorage.getItem('user')).not.toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    reloadState();
    expect(getState()).toMatchObject({ token: 't3', user: { id: 9 } });
    // Logging in again with stay logged in moves the session to localStorage.
    saveToken('t4', { remember: true });
    expect(localStorage.getItem('token')).toBe('t4');
    expect(localStorage.getItem('user')).not.toBeNull();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(sessionStorage.getItem('user')).toBeNull();
  });

  it('does clear the session from both storages when the user is cleared', () => {
    saveToken('t5', { remember: false });
    clearSession();
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getState().token).toBe('');
  });

  it('clears storage older than the stored version once, then records the version', () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('saveFiatsTime', '5');
    localStorage.setItem(RECENT_VIEWS_KEY, '["BTC/USDT"]');
    reloadState();

    checkStorageVersion();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('saveFiatsTime')).toBeNull();
    expect(localStorage.getItem(RECENT_VIEWS_KEY)).toBeNull();
    expect(localStorage.getItem('h5Version')).toBe(String(STORAGE_VERSION));

    saveToken('fresh');
    checkStorageVersion();
    expect(localStorage.getItem('token')).toBe('fresh');
  });

  it("keeps keys it does not own (the back office's operator session) when it clears old storage", () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem(ADMIN_TOKEN_STORAGE_KEY, 'operator-session');
    localStorage.setItem('someone-else', 'x');
    reloadState();

    checkStorageVersion();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem(ADMIN_TOKEN_STORAGE_KEY)).toBe('operator-session');
    expect(localStorage.getItem('someone-else')).toBe('x');
  });
});
