/**
 * Proves the api client's envelope rules (spec section 8) against a mocked fetch: ok resolves the
 * message; 999 toasts, clears the session and goes to login after 1.2 s; 998 toasts and goes to the
 * identity page after 1.2 s; any other answer toasts and rejects. Timers are faked to check the delay.
 */
import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNavigator } from '../navigation.ts';
import { getState, saveToken, saveUser, setState } from '../store/store.ts';
import { answerWith } from '../test/envelope.ts';
import { USER } from '../test/fake-api.ts';
import { ApiError, get, post, request, upload } from './client.ts';


/** Runs a call inside act, so the toast it shows is rendered when act returns; resolves to its outcome. */
async function settle<T>(call: () => Promise<T>): Promise<{ value?: T; error?: unknown }> {
  let outcome: { value?: T; error?: unknown } = {};
  await act(async () => {
    outcome = await call().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
  });
  return outcome;
}

describe('api client', () => {
  let navigate: ReturnType<typeof vi.fn<(path: string) => void>>;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    navigate = vi.fn<(path: string) => void>();
    setNavigator(navigate);
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves the message when the answer is ok, sending a form body with lang and the token', async () => {
    const fetchMock = answerWith({ type: 'ok', message: { id: 1 } });
    saveToken('secret-token');
    setState({ lang: 'fra' });

    const { value } = await settle(() => post('/user/editNickname', { nickname: 'Ann', signature: undefined }));

    expect(value).toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/user/editNickname');
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>).Authorization).toBe('secret-token');
    expect((init?.headers as Record<string, string>)['Content-Type']).toContain('application/x-www-form-urlencoded');
    expect(String(init?.body)).toBe('nickname=Ann&lang=fra');
  });

  it('puts the data in the query string for GET, and posts by default', async () => {
    const fetchMock = answerWith({ type: 'ok', message: 'fine' });

    await settle(() => get('/getSetting', { keyword: 'site_name' }));
    await settle(() => request('/user/login', { data: { user_string: 'a' } }));

    expect(fetchMock.mock.calls[0]![0]).toBe('/api/getSetting?keyword=site_name&lang=en');
    expect(fetchMock.mock.calls[0]![1]?.body).toBeUndefined();
    expect(fetchMock.mock.calls[1]![1]?.method).toBe('POST');
    expect((fetchMock.mock.calls[1]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('toasts, clears the session and goes to login after 1.2 s when the answer is 999', async () => {
    answerWith({ type: '999', message: 'Your session has expired, please log in again', code: 'session_invalid' });
    saveToken('old-token');
    saveUser(USER);

    const { error } = await settle(() => get('/user/info'));

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).type).toBe('999');
    expect(document.body.textContent).toContain('Your session has expired, please log in again');
    expect(getState().token).toBe('');
    expect(getState().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();

    vi.advanceTimersByTime(1199);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/pages/common/login');
  });

  it('toasts and goes to identity verification after 1.2 s when the answer is 998, keeping the session', async () => {
    answerWith({ type: '998', message: 'Please complete identity verification first' });
    saveToken('good-token');

    const { error } = await settle(() => post('/wallet/out', { amount: '1' }));

    expect((error as ApiError).type).toBe('998');
    expect(document.body.textContent).toContain('Please complete identity verification first');
    expect(getState().token).toBe('good-token');
    vi.advanceTimersByTime(1199);
    expect(navigate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/pages/setting/real_mark');
  });

  it('toasts the message and rejects on any other answer, without navigating', async () => {
    answerWith({ type: 'error', message: 'Login failed', code: 'login_failed' }, 400);
    saveToken('kept');

    const { error } = await settle(() => post('/user/login', { user_string: 'a', password: 'b' }));

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).type).toBe('error');
    expect((error as ApiError).message).toBe('Login failed');
    expect((error as ApiError).code).toBe('login_failed');
    expect(document.body.textContent).toContain('Login failed');
    expect(getState().token).toBe('kept');
    vi.advanceTimersByTime(5000);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('rejects quietly when a silent call fails', async () => {
    answerWith({ type: 'error', message: 'Not found' }, 404);

    const { error } = await settle(() => post('/news/list', { c_id: 4 }, true));

    expect((error as ApiError).type).toBe('error');
    expect(document.body.textContent).not.toContain('Not found');
  });

  it('reports a network failure as a translated toast', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));

    const { error } = await settle(() => get('/getSiteConfig'));

    expect((error as ApiError).type).toBe('network');
    expect(document.body.textContent).toContain('Network error, please check your connection');
  });

  it('uploads one file as multipart with the token and accept-language, resolving the file reference', async () => {
    const fetchMock = answerWith({ type: 'ok', message: '/uploads/0123456789abcdef0123456789abcdef.png' });
    saveToken('t');
    setState({ lang: 'hk' });

    const { value } = await settle(() => upload(new File([new Uint8Array([137, 80, 78, 71])], 'me.png', { type: 'image/png' })));

    expect(value).toBe('/uploads/0123456789abcdef0123456789abcdef.png');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/upload');
    expect(init?.body).toBeInstanceOf(FormData);
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(init?.headers).toMatchObject({ Authorization: 't', 'accept-language': 'zh-tw' });
  });
});
