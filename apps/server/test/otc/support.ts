/**
 * OTC tests: the app's real database and routes with a clock the test moves, the BTC index pinned so
 * prices and limits give exact figures, users verified through the identity API and funded through the
 * ledger, merchants approved and an extra payment method made through the back-office API.
 */
import { call, makeTestApp, type TestApp } from '../support/app.ts';
import { TestClock, useRig } from '../support/clock.ts';
import { fundAccount } from '../support/ledger.ts';
import { uploadImage } from '../funds/support.ts';
import { identityVerifications } from '../../src/identity/tables.ts';
import { coinId, figures, nextIdCard, operatorToken, pinPrice, type User } from '../funds/support.ts';
import { hashPassword } from '../../src/accounts/passwords.ts';
import { insertUser } from '../../src/accounts/repository.ts';
import { createSession } from '../../src/accounts/sessions.ts';
import { openUserAccounts } from '../../src/ledger/index.ts';

/** Every user here has this pay password. */
export const PAY_PASSWORD = 'pay-secret-otc';
export type OtcRig = Awaited<ReturnType<typeof otcRig>>;
export const BTC_INDEX = '65000';

export async function otcRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const clock = new TestClock(start);
  const now = () => clock.now;
  const test = await makeTestApp({}, { clock: now });
  pinPrice(test, 'BTC/USDT', BTC_INDEX);
  const op = await operatorToken(test);
  const method = await call(test.app, '/admin/otc/methods', { token: op, payload: { name: 'Alipay', enabled: true, sort: 5 } });
  if (method.body.type !== 'ok') throw new Error(`method: ${JSON.stringify(method.body)}`);
  return {
    test,
    clock,
    now,
    op,
    usdt: await coinId(test, 'USDT'),
    btc: await coinId(test, 'BTC'),
    /** The operator's "Alipay" method (kind account). */
    alipay: method.body.message.id as number,
    close: () => test.close(),
  };
}

export const useOtcRig = () => useRig(() => otcRig());

/** A user's API call (POST unless told). */
export const api = (rig: OtcRig, token: string | undefined, url: string, payload: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'POST', lang = 'en') =>
  call(rig.test.app, url, { method, token, payload, lang });
export const admin = (rig: OtcRig, url: string, payload: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'POST', token = rig.op) =>
  call(rig.test.app, `/admin${url}`, { method, token, payload, lang: 'en' });

export function expectOk<T = any>(res: { body: { type: string; message: any } }): T {
  if (res.body.type !== 'ok') throw new Error(`expected ok: ${JSON.stringify(res.body)}`);
  return res.body.message as T;
}

let userCounter = 0;
const hashes = new WeakMap<object, Promise<{ password: string; pay: string }>>();

/**
 * A user with ledger accounts, a session, the pay password PAY_PASSWORD and identity verification up to
 * `level` on record as approved, written as registration and the review would write them: signing up
 * and the review flow are proven by their own tests, and hashing passwords per user would make these
 * tests slow. The hashes are computed once per rig.
 */
export async function makeLevelUser(rig: OtcRig, level: 0 | 1 | 2) {
  let hashed = hashes.get(rig);
  if (!hashed) {
    hashed = Promise.all([hashPassword('secret-pass-1'), hashPassword(PAY_PASSWORD)]).then(([password, pay]) => ({ password, pay }));
    hashes.set(rig, hashed);
  }
  const { password, pay } = await hashed;
  const n = ++userCounter;
  const email = `otc${process.pid}-${n}@example.com`;
  const user = await rig.test.db.transaction(async (tx) => {
    const row = await insertUser(tx, { account: email, email, passwordHash: password, payPasswordHash: pay, extensionCode: `OTC${process.pid % 1000}X${n}` });
    await openUserAccounts(tx, row.id);
    if (level >= 1) await tx.insert(identityVerifications).values({ userId: row.id, level: 1, idType: '1', name: 'Li Lei', cardId: nextIdCard(), status: 'approved' });
    if (level === 2) await tx.insert(identityVerifications).values({ userId: row.id, level: 2, status: 'approved' });
    return row;
  });
  return { id: user.id, email, password: 'secret-pass-1', token: await createSession(rig.test.db, user.id) };
}

/** Saves the user's Alipay account (confirmed by the pay password). */
export async function saveAlipay(rig: OtcRig, user: User) {
  expectOk(await api(rig, user.token, '/otc/payment/save', { method_id: rig.alipay, holder: 'Li Lei', account: `ali-${user.id}`, pay_password: PAY_PASSWORD }));
}

/** A verified (Lv2), approved merchant with an Alipay account and coins in their fiat (legal) account. */
export async function makeMerchant(rig: OtcRig, funds: { btc?: string; usdt?: string } = { btc: '1' }) {
  const user = await makeLevelUser(rig, 2);
  if (funds.btc) await fundAccount(rig.test, user.id, rig.btc, funds.btc, 'fiat');
  if (funds.usdt) await fundAccount(rig.test, user.id, rig.usdt, funds.usdt, 'fiat');
  await saveAlipay(rig, user);
  const applied = expectOk<{ id: number }>(await api(rig, user.token, '/otc/merchant/apply', { name: `M${user.id}` }));
  expectOk(await admin(rig, '/otc/merchants/decide', { id: applied.id, decision: 'approve' }));
  return { ...user, merchantId: applied.id };
}

/** Posts an ad: by default a BTC sell ad in CNY at a fixed 470000, 0.1 BTC, 100-100000 CNY an order, 15 minutes to pay. */
export async function postAd(rig: OtcRig, merchant: User, fields: Record<string, unknown> = {}) {
  return expectOk<{ id: number; price: string; remaining: string }>(
    await api(rig, merchant.token, '/otc/ad/post', {
      side: 'sell',
      currency_id: rig.btc,
      fiat: 'CNY',
      price_type: 'fixed',
      price: '470000',
      quantity: '0.1',
      min_fiat: '100',
      max_fiat: '100000',
      method_ids: String(rig.alipay),
      pay_minutes: 15,
      ...fields,
    }),
  );
}

/** A taker at a verification level (0: registered only). */
export const makeTaker = (rig: OtcRig, level: 0 | 1 | 2 = 1) => makeLevelUser(rig, level);

export type OrderView = { id: string; status: string; quantity: string; fiat_amount: string; price: string; role: string; pay_deadline: number; payment_details: { method_id: number }[] };

export const placeOrder = (rig: OtcRig, taker: User, adId: number, amount: string, amount_in: 'fiat' | 'coin' = 'fiat') =>
  api(rig, taker.token, '/otc/order/place', { ad_id: adId, amount, amount_in });

/** The buyer marks the order paid with Alipay and a proof image of their own. */
export async function markPaid(rig: OtcRig, buyer: User, orderId: string) {
  const proof = await uploadImage(rig.test, buyer.token);
  return api(rig, buyer.token, '/otc/order/paid', { id: orderId, method_id: rig.alipay, proof });
}

export async function release(rig: OtcRig, seller: User, orderId: string) {
  return api(rig, seller.token, '/otc/order/release', { id: orderId, pay_password: PAY_PASSWORD });
}

/** The user's fiat (legal) account figures of a coin. */
export const fiatFigures = (rig: OtcRig, user: User, coin: 'BTC' | 'USDT') => figures(rig.test, user, coin, 'legal');
export type { TestApp, User };
