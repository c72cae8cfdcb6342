/**
 * The user's side of the funds journeys, through the user API as the web app calls it: a registered
 * user with a bound mobile (required before identity verification), uploads, and plain calls.
 */
import { idCardCheckDigit } from '@fairex/contract';
import { expect } from 'vitest';
import { latestCodeFor } from './api.ts';
import { operatorHeaders } from '../../apps/server/src/admin/operator-cookies.ts';

// A real 1x1 PNG, so thumbnails render.
export const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (c) => c.charCodeAt(0));
/** A platform deposit address and a user's own address on TRC20 (the server checks the format). */
export const TRC20_PLATFORM = 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL';
export const TRC20_USER = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
/**
 * A valid GB 11643 ID card number no other journey uses: the server keeps one identity to one
 * account, and every journey runs against the same server. Random birth date and serial.
 */
export function newIdCard(): string {
  const birth = new Date(Date.UTC(1950, 0, 1) + Math.floor(Math.random() * 50 * 365) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  const first17 = `110105${birth}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return first17 + idCardCheckDigit(first17);
}

/** This journey file's ID card number. */
export const ID_CARD = newIdCard();

type Envelope<T> = { type: string; message: T; code?: string };

/** One user-API call; GET sends the data as a query string, POST as a form. Anything but ok throws. */
export async function userApi<T>(
  baseUrl: string,
  path: string,
  options: { token?: string; data?: Record<string, string | number>; method?: 'GET' | 'POST' } = {},
): Promise<T> {
  const method = options.method ?? 'POST';
  const form = new URLSearchParams(Object.entries(options.data ?? {}).map(([k, v]) => [k, String(v)]));
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = options.token;
  if (method === 'POST') headers['content-type'] = 'application/x-www-form-urlencoded';
  const query = method === 'GET' && form.toString() ? `?${form}` : '';
  const res = await fetch(`${baseUrl}/api${path}${query}`, { method, headers, body: method === 'POST' ? form.toString() : undefined });
  const body = (await res.json()) as Envelope<T>;
  if (body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(body)}`);
  return body.message;
}

/** One back-office call with an operator token, JSON as the back office sends it; answers the envelope. */
export async function adminCall<T>(baseUrl: string, token: string, path: string, body?: object): Promise<Envelope<T>> {
  const headers: Record<string, string> = operatorHeaders(token);
  if (body) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}/api/admin${path}`, { method: body ? 'POST' : 'GET', headers, body: body ? JSON.stringify(body) : undefined });
  return (await res.json()) as Envelope<T>;
}

/** The ledger audit passes: every check, named when one fails. */
export async function expectLedgerAudited(baseUrl: string, operatorToken: string) {
  const audit = await adminCall<{ ok: boolean; checks: { name: string; ok: boolean }[] }>(baseUrl, operatorToken, '/ledger/audit');
  expect(audit.message.checks.filter((c) => !c.ok)).toEqual([]);
  expect(audit.message.ok).toBe(true);
}

export async function uploadImage(baseUrl: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'image.png');
  const res = await fetch(`${baseUrl}/api/upload`, { method: 'POST', headers: { authorization: token }, body: form });
  const body = (await res.json()) as Envelope<string>;
  if (body.type !== 'ok') throw new Error(`upload: ${JSON.stringify(body)}`);
  return body.message;
}

/** The pay password the helpers set: withdrawals, wallet addresses and bank cards are confirmed with it. */
export const PAY_PASSWORD = 'pay-secret-1';

/** Sets the user's pay password with a security code sent to their own email. */
export async function setPayPassword(baseUrl: string, token: string, email: string, password = PAY_PASSWORD) {
  await userApi(baseUrl, '/sms_mail', { token, data: { user_string: email, scene: 'security' } });
  await userApi(baseUrl, '/safe/update_password', { token, data: { password, re_password: password, code: await latestCodeFor(baseUrl, email) } });
}

/** A user registered by email through the API and logged in. */
export async function apiUser(baseUrl: string, prefix: string) {
  const email = `${prefix}-${Date.now()}@example.com`;
  await userApi(baseUrl, '/sms_mail', { data: { user_string: email, scene: 'register' } });
  const { id } = await userApi<{ id: number }>(baseUrl, '/user/register', {
    data: { user_string: email, code: await latestCodeFor(baseUrl, email), password: 'secret-pass', re_password: 'secret-pass', type: 'email' },
  });
  const token = await userApi<string>(baseUrl, '/user/login', { data: { user_string: email, password: 'secret-pass' } });
  return { id, email, token };
}

/** A new user registered by email and logged in, with a bound mobile (so they may verify their identity) and a pay password. */
export async function makeUserWithMobile(baseUrl: string, prefix: string) {
  const user = await apiUser(baseUrl, prefix);
  const mobile = `139${String(Date.now()).slice(-8)}`;
  await userApi(baseUrl, '/sms_send', { data: { mobile, scene: 'bind' } });
  await userApi(baseUrl, '/safe/mobile', { token: user.token, data: { mobile, code: await latestCodeFor(baseUrl, mobile), password: 'secret-pass' } });
  await setPayPassword(baseUrl, user.token, user.email);
  return user;
}

export type Figures = { balance: string; available: string; frozen: string };
export type CurrencyItem = { id: number; name: string; networks: { network: string; withdraw_fee: string; withdraw_min: string; withdraw_enabled: boolean }[] };
export type NetworkConfig = { id: number; network: string; deposit_address: string; withdraw_fee: string; withdraw_min: string };
export type CoinsConfig = { coins: { id: number; name: string; networks: NetworkConfig[] }[]; exchange_fee_rate: string; recharge_contact_first: boolean };

/** The operator's configuration of one coin's network, to restore it after a journey changed it. */
export async function networkConfig(baseUrl: string, token: string, coin: string, network: string): Promise<NetworkConfig> {
  const config = await adminCall<CoinsConfig>(baseUrl, token, '/coins');
  return config.message.coins.find((c) => c.name === coin)!.networks.find((n) => n.network === network)!;
}

export const spotFigures = (baseUrl: string, token: string, currency: number) =>
  userApi<Figures>(baseUrl, '/wallet/detail', { token, data: { currency, type: 'change' } });
