/**
 * Notification tests: the app's real database and routes with a clock the test moves, the funds
 * factories (verified users, deposits and withdrawals reviewed through the back-office API), system
 * notices published as the back office sends them (JSON), and the user's list read through the API.
 */
import type { NotificationItem } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { DEMO_OPERATOR } from '../../src/admin/operators.ts';
import { operators } from '../../src/admin/tables.ts';
import { notifications } from '../../src/notifications/tables.ts';
import { coinId, operatorToken, uploadImage } from '../funds/support.ts';
import { call, makeTestApp, operatorHeaders, type TestApp } from '../support/app.ts';
import { TestClock } from '../support/clock.ts';

export const T0 = Date.parse('2026-11-24T08:00:00Z');
const ERC20_ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** An app on a moved clock, with the funds factories' generous code and withdrawal limits, and USDT deposits open on ERC20. */
export async function notificationsRig(start = T0) {
  const clock = new TestClock(start);
  const test = await makeTestApp(
    { codeResendMs: 0, codesPerIpPerHour: 100_000, codesPerTargetPerDay: 1000, withdrawalsPerMinute: 1000, payPasswordChangesPerMinute: 1000 },
    { clock: () => clock.now },
  );
  const op = await operatorToken(test);
  const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
  const erc20 = coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT').networks.find((n: { network: string }) => n.network === 'ERC20');
  await call(test.app, `/admin/networks/${erc20.id}`, { token: op, payload: { deposit_address: ERC20_ADDRESS } });
  return { test, clock, op, close: () => test.close() };
}
export type NotificationsRig = Awaited<ReturnType<typeof notificationsRig>>;

/** The demo operator's row (an admin), for calling a review service directly. */
export async function demoOperator(test: TestApp) {
  const [row] = await test.db.select().from(operators).where(eq(operators.username, DEMO_OPERATOR.username));
  return row!;
}

/** A deposit of `amount` USDT declared by the user with their voucher; answers its id. */
export async function declareDeposit(test: TestApp, user: { token: string }, amount: string): Promise<number> {
  const voucher = await uploadImage(test, user.token);
  const res = await call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: await coinId(test, 'USDT'), amount, voucher, network: 'ERC20' } });
  if (res.body.type !== 'ok') throw new Error(`charge_req: ${JSON.stringify(res.body)}`);
  return res.body.message.id;
}

/** A back-office call with a JSON body, as the back office sends it (a notice's texts are nested). */
export async function adminJson(test: TestApp, token: string, url: string, body: object) {
  const res = await test.app.inject({ method: 'POST', url: `/api/admin${url}`, headers: { ...operatorHeaders(token), 'content-type': 'application/json' }, payload: JSON.stringify(body) });
  return res.json() as { type: string; message: any; code?: string };
}

/** The user's list page, read through the API. */
export async function listOf(test: TestApp, token: string, payload: Record<string, unknown> = {}, lang?: string) {
  const res = await call(test.app, '/notification/list', { method: 'GET', token, lang, payload });
  if (res.body.type !== 'ok') throw new Error(`notification/list: ${JSON.stringify(res.body)}`);
  return res.body.message as { data: NotificationItem[]; total: number; page: number; limit: number };
}

export async function unreadOf(test: TestApp, token: string): Promise<number> {
  const res = await call(test.app, '/notification/unread', { method: 'GET', token });
  if (res.body.type !== 'ok') throw new Error(`notification/unread: ${JSON.stringify(res.body)}`);
  return res.body.message.unread;
}

/** Every stored event row of a user, oldest first, straight from the table (what the list shows is tested through the API). */
export const eventRowsOf = (test: TestApp, userId: number) => test.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);
