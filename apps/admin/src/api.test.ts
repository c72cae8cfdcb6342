/**
 * Proves the back office keeps no session token where page scripts can read it (security review
 * finding 4): a login stores nothing in localStorage, every call sends the CSRF proof from its cookie
 * and no Authorization header, and a lost session (999) forgets the proof so the login screen shows.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { adminApi, hasSession } from './api.ts';

type Sent = { url: string; headers: Record<string, string> };

function fakeFetch(envelope: object) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, headers: (init?.headers ?? {}) as Record<string, string> });
      return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'fairex_admin_csrf=; Path=/; Max-Age=0';
  localStorage.clear();
});

describe('back-office session', () => {
  it('stores no token on login and sends the CSRF proof, never an Authorization header', async () => {
    const sent = fakeFetch({ type: 'ok', message: { operator: { id: 1, username: 'admin', role: 'admin', must_change_password: false } } });
    await adminApi.login('admin', 'admin123456');
    expect(Object.keys(localStorage)).toEqual([]);
    // The server's answer set the cookies (the session one httpOnly); the readable proof is sent back.
    document.cookie = `fairex_admin_csrf=${'a'.repeat(64)}; Path=/`;
    await adminApi.createOperator({ username: 'desk', password: 'Blue-river-2026', role: 'support' });
    expect(sent[1]!.headers).toMatchObject({ 'X-CSRF-Token': 'a'.repeat(64) });
    expect(Object.keys(sent[1]!.headers).map((h) => h.toLowerCase())).not.toContain('authorization');
  });

  it('forgets the session when the server answers 999', async () => {
    document.cookie = `fairex_admin_csrf=${'b'.repeat(64)}; Path=/`;
    expect(hasSession()).toBe(true);
    fakeFetch({ type: '999', message: 'Please log in' });
    await expect(adminApi.me()).rejects.toThrow('Please log in');
    expect(hasSession()).toBe(false);
  });
});
