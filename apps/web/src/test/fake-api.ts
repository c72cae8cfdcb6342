import type { UserInfo } from '@fairex/contract';
import { vi } from 'vitest';

/** A logged-in user as GET /user/info answers: email bound, no mobile, no pay password. */
export const USER: UserInfo = {
  id: 7,
  account: 'ann@example.com',
  email: 'ann@example.com',
  mobile: null,
  area_code: '86',
  nickname: 'Ann',
  signature: null,
  head_portrait: null,
  extension_code: 'ABCD2345',
  credit_score: 100,
  created_at: '2026-01-01T00:00:00.000Z',
  pay_pin_set: false,
};

export type Call = { path: string; method: string; body: URLSearchParams };
type Envelope = { type: string; message: unknown; code?: string };

/**
 * A fetch stand-in answering by path (without /api): an envelope, or a function of the call for answers
 * that change. Unlisted paths answer `unlisted` (ok with an empty message). Every call is recorded with
 * its form body (or query string).
 */
export function fakeApi(answers: Record<string, Envelope | ((call: Call) => Envelope)>, unlisted: Envelope = { type: 'ok', message: '' }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const parsed = new URL(url, 'http://test');
      const path = parsed.pathname.replace(/^\/api/, '');
      const method = init?.method ?? 'GET';
      const call = { path, method, body: method === 'GET' ? parsed.searchParams : new URLSearchParams(String(init?.body ?? '')) };
      calls.push(call);
      const answer = answers[path];
      const envelope = typeof answer === 'function' ? answer(call) : (answer ?? unlisted);
      return new Response(JSON.stringify(envelope), { status: 200 });
    }),
  );
  /** The form body of the last call to `path`, as a plain object (lang included). */
  const bodyOf = (path: string) => {
    const found = calls.filter((call) => call.path === path).at(-1);
    return found ? Object.fromEntries(found.body) : undefined;
  };
  const count = (path: string) => calls.filter((call) => call.path === path).length;
  return { calls, bodyOf, count };
}

export type RecordedCall = { path: string; params: Record<string, string> };

/**
 * fakeApi for screens that only meet ok answers: each path answers an ok envelope around `answers[path]`
 * (a value, or a function of the call's parameters); unlisted paths answer null. Calls come back with
 * their parameters as a plain object.
 */
export function fakeOkApi(answers: Record<string, unknown>) {
  const envelopes = Object.fromEntries(
    Object.entries(answers).map(([path, answer]) => [
      path,
      (call: Call): Envelope => ({
        type: 'ok',
        message: typeof answer === 'function' ? (answer as (params: Record<string, string>) => unknown)(Object.fromEntries(call.body)) : (answer ?? null),
      }),
    ]),
  );
  const api = fakeApi(envelopes, { type: 'ok', message: null });
  const params = (call: Call): RecordedCall => ({ path: call.path, params: Object.fromEntries(call.body) });
  return {
    get calls() {
      return api.calls.map(params);
    },
    of: (path: string) => api.calls.filter((call) => call.path === path).map(params),
  };
}
