/** Factories for the funds tests: operators, uploads, verified and funded users, all through the API. */
import { idCardCheckDigit } from '@fairex/contract';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { call, latestCode, makeTestApp, makeUser, operatorLogin as loginOperator, type TestApp } from '../support/app.ts';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

/** Generous limits: the factories send many codes from few addresses, and some tests fire 50 withdrawals at once. */
export const makeFundsApp = () =>
  makeTestApp({ codeResendMs: 0, codesPerIpPerHour: 100_000, codesPerTargetPerDay: 1000, withdrawalsPerMinute: 1000, payPasswordChangesPerMinute: 1000 });

export type User = Awaited<ReturnType<typeof makeUser>>;

/** The demo operator's (an admin's) back-office token. */
export async function operatorToken(test: TestApp): Promise<string> {
  return operatorLogin(test, DEMO_OPERATOR.username, DEMO_OPERATOR.password);
}

/** The session token of an operator's login (the back office carries it in a cookie: support/app.ts operatorLogin). */
const operatorLogin = (test: TestApp, username: string, password: string) => loginOperator(test.app, username, password, test.nextIp());

let operatorCounter = 0;

/** The token of a new operator of `role`, created by the admin through the API, who then changed the given password (ready to work). */
export async function makeOperatorToken(test: TestApp, role: 'admin' | 'reviewer' | 'support'): Promise<string> {
  const username = `${role}${++operatorCounter}x${process.pid % 10000}`;
  const created = await call(test.app, '/admin/operators', { token: await operatorToken(test), payload: { username, password: 'Blue-river-2026', role } });
  if (created.body.type !== 'ok') throw new Error(`operator: ${JSON.stringify(created.body)}`);
  const token = await operatorLogin(test, username, 'Blue-river-2026');
  const changed = await call(test.app, '/admin/password', { token, payload: { current_password: 'Blue-river-2026', password: 'Green-valley-2027' } });
  if (changed.body.type !== 'ok') throw new Error(`operator password: ${JSON.stringify(changed.body)}`);
  return token;
}

export async function uploadImage(test: TestApp, token: string): Promise<string> {
  const boundary = `----fairex${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), PNG, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload,
  });
  const body = res.json();
  if (body.type !== 'ok') throw new Error(`upload: ${JSON.stringify(body)}`);
  return body.message;
}

let mobileCounter = 0;
/** A unique Chinese mobile number per process and call. */
export const nextMobile = () => `13${String(process.pid % 1000).padStart(3, '0')}${String(++mobileCounter).padStart(6, '0')}`;

export async function bindMobile(test: TestApp, user: User, mobile = nextMobile()) {
  const sent = await call(test.app, '/sms_send', { ip: test.nextIp(), payload: { mobile, scene: 'bind' } });
  if (sent.body.type !== 'ok') throw new Error(`sms_send: ${JSON.stringify(sent.body)}`);
  const res = await call(test.app, '/safe/mobile', { token: user.token, payload: { mobile, code: await latestCode(test, mobile), password: user.password } });
  if (res.body.type !== 'ok') throw new Error(`safe/mobile: ${JSON.stringify(res.body)}`);
  return mobile;
}

/** A valid GB 11643 ID card number. */
export const ID_CARD = '11010519491231002X';

let idCardCounter = 0;
/** A valid ID card number no other user of this process has: one identity is one account. */
export function nextIdCard(): string {
  const first17 = `11010519800101${String(++idCardCounter % 1000).padStart(3, '0')}`;
  return first17 + idCardCheckDigit(first17);
}

/** Binds a mobile, submits basic verification and has the operator approve it (level 1); level 2 adds advanced. */
export async function makeVerifiedUser(test: TestApp, level: 1 | 2 = 1): Promise<User> {
  const user = await makeUser(test);
  await bindMobile(test, user);
  const op = await operatorToken(test);
  const basic = await call(test.app, '/user/real', { token: user.token, payload: { real_type: 1, id_type: 1, name: 'Li Lei', card_id: nextIdCard() } });
  if (basic.body.type !== 'ok') throw new Error(`user/real: ${JSON.stringify(basic.body)}`);
  await approveLatestIdentity(test, op, user.id);
  if (level === 2) {
    const [front, back] = [await uploadImage(test, user.token), await uploadImage(test, user.token)];
    const adv = await call(test.app, '/user/real', { token: user.token, payload: { real_type: 2, front_pic: front, reverse_pic: back } });
    if (adv.body.type !== 'ok') throw new Error(`user/real 2: ${JSON.stringify(adv.body)}`);
    await approveLatestIdentity(test, op, user.id);
  }
  return user;
}

async function approveLatestIdentity(test: TestApp, op: string, userId: number) {
  const queue = await call(test.app, '/admin/identity', { method: 'GET', token: op, payload: { user_id: userId, status: 'pending' } });
  const id = queue.body.message.data[0].id;
  const res = await call(test.app, `/admin/identity/${id}/approve`, { token: op });
  if (res.body.type !== 'ok') throw new Error(`approve: ${JSON.stringify(res.body)}`);
}

/** Credits the user's account through the operator's manual adjustment (a ledger entry against adjustments). */
export async function fund(test: TestApp, userId: number, currency: string, amount: string, kind = 'change') {
  const op = await operatorToken(test);
  const res = await call(test.app, '/admin/balances/adjust', {
    token: op,
    payload: { user_id: userId, currency_id: await coinId(test, currency), kind, amount, reason: 'test funding' },
  });
  if (res.body.type !== 'ok') throw new Error(`adjust: ${JSON.stringify(res.body)}`);
}

const coinIds = new WeakMap<TestApp, Map<string, number>>();
export async function coinId(test: TestApp, name: string): Promise<number> {
  let map = coinIds.get(test);
  if (!map) {
    const res = await call(test.app, '/currency/list', { method: 'GET' });
    map = new Map((res.body.message as { id: number; name: string }[]).map((c) => [c.name, c.id]));
    coinIds.set(test, map);
  }
  const id = map.get(name);
  if (!id) throw new Error(`no coin ${name}`);
  return id;
}

/** The user's figures of one coin in one kind, from POST /wallet/detail. */
export async function figures(test: TestApp, user: User, currency: string, type = 'change') {
  const res = await call(test.app, '/wallet/detail', { token: user.token, payload: { currency: await coinId(test, currency), type } });
  if (res.body.type !== 'ok') throw new Error(`detail: ${JSON.stringify(res.body)}`);
  return res.body.message as { balance: string; available: string; frozen: string; locked: string };
}

/**
 * Fixes a symbol's index price (the test app's feed is not started, so it stays there): valuations and
 * exchanges then give exact figures a test can compare as strings.
 */
export function pinPrice(test: TestApp, symbol: string, price: string) {
  test.ctx.markets.feed.addSymbol({ symbol, startPrice: price, volatility: 0, priceDecimals: 8 }, { resetPrice: true });
}

/** Switches a coin on or off in the back office. */
export async function setCoinEnabled(test: TestApp, currency: string, enabled: boolean) {
  const op = await operatorToken(test);
  const res = await call(test.app, `/admin/coins/${await coinId(test, currency)}`, { token: op, payload: { enabled } });
  if (res.body.type !== 'ok') throw new Error(`coin: ${JSON.stringify(res.body)}`);
}

/** The pay password the factories set: withdrawals, wallet addresses and bank cards need one. */
export const PAY_PASSWORD = 'pay-secret-0';
const withPayPassword = new Set<string>();

/** Sets a pay password with a security code sent to the user's own email (once per user and app). */
export async function ensurePayPassword(test: TestApp, user: User, password = PAY_PASSWORD) {
  const key = `${user.token}:${password}`;
  if (withPayPassword.has(key)) return;
  const sent = await call(test.app, '/sms_mail', { ip: test.nextIp(), token: user.token, payload: { user_string: user.email, scene: 'security' } });
  if (sent.body.type !== 'ok') throw new Error(`sms_mail security: ${JSON.stringify(sent.body)}`);
  const res = await call(test.app, '/safe/update_password', { token: user.token, payload: { password, re_password: password, code: await latestCode(test, user.email) } });
  if (res.body.type !== 'ok') throw new Error(`update_password: ${JSON.stringify(res.body)}`);
  withPayPassword.add(key);
}
