/** Proves the store persists under the spec's keys and that old storage is cleared once (spec section 4). */
import { STORAGE_VERSION } from '@fairex/contract';
import { describe, expect, it } from 'vitest';
import { checkStorageVersion, clearSession, getState, reloadState, saveToken, setState } from './store.ts';

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

  it('clears storage older than the stored version once, then records the version', () => {
    localStorage.setItem('token', 'stale');
    localStorage.setItem('somethingOld', 'x');
    reloadState();

    checkStorageVersion();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('somethingOld')).toBeNull();
    expect(localStorage.getItem('h5Version')).toBe(String(STORAGE_VERSION));

    saveToken('fresh');
    checkStorageVersion();
    expect(localStorage.getItem('token')).toBe('fresh');
  });
});
