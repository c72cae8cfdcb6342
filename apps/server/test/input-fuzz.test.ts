// Proves no input makes an endpoint fail: every registered /api route (read from Fastify's route table)
// is called as a user or as an admin operator (and once without a session) with wrong inputs derived
// from the contract's input schemas: each route is first called with plausible values to learn which
// schemas it parses, then every field of those schemas gets each wrong value (wrong types, 2^31, huge
// and negative numbers, long strings, arrays, objects), next to empty bodies, arrays, unknown keys and
// wrong path ids. Every answer must be the spec's envelope with a status below 500. Then the review's
// attacks (security findings 1 and 5): names every object inherits as account kinds, and a NUL or a lone
// surrogate in the input of every route, each answered parameter_error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@fairex/contract';
import { eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createSession } from '../src/accounts/sessions.ts';
import { users } from '../src/accounts/tables.ts';
import { operatorHeaders } from '../src/admin/operator-cookies.ts';
import { createOperatorSession } from '../src/admin/operators.ts';
import { operators } from '../src/admin/tables.ts';
import { ledgerAccounts } from '../src/ledger/tables.ts';
import { errorForLog } from '../src/http/errors.ts';
import { expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from './support/app.ts';
import { coinId } from './funds/support.ts';
import { routesOf } from './support/routes.ts';

type Schema = z.ZodType;
type Def = { type: string; shape?: Record<string, Schema>; in?: Schema; out?: Schema; innerType?: Schema; entries?: Record<string, unknown>; values?: unknown[]; options?: Schema[] };
const defOf = (schema: Schema) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object shape of an input schema, through refinements, transforms, pipes and unions (their fields merged). */
function shapeOf(schema: Schema): Record<string, Schema> | undefined {
  const def = defOf(schema);
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe') return (def.in && shapeOf(def.in)) ?? (def.out && shapeOf(def.out));
  if (def.type === 'union') {
    const shapes = (def.options ?? []).map(shapeOf).filter((shape) => shape !== undefined);
    return shapes.length > 0 ? Object.assign({}, ...shapes) : undefined;
  }
  return undefined;
}

/** The enum and literal values a field accepts somewhere inside it (plausible values to try). */
function choicesOf(schema: Schema | undefined, depth = 0): unknown[] {
  if (!schema || depth > 6) return [];
  const def = defOf(schema);
  if (def.type === 'enum') return Object.values(def.entries ?? {});
  if (def.type === 'literal') return def.values ?? [];
  return [def.innerType, def.in, def.out, ...(def.options ?? [])].flatMap((inner) => choicesOf(inner, depth + 1));
}

const PLAUSIBLE = [
  '1', '2', '0.01', '10', 'a@example.com', 'Secret-pass-1', '123456', '13800138000', '86', 'BTC/USDT', 'USDT', 'TRC20',
  'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', '/uploads/0123456789abcdef0123456789abcdef.png', '2026-01-01', 'true', 'Some text',
  '110105198001010015',
];

/** A value the field accepts, or undefined when none of the tries fits. */
function plausibleFor(field: Schema): unknown {
  for (const value of [...choicesOf(field), ...PLAUSIBLE]) if (field.safeParse(value).success) return value;
  return undefined;
}

const TWO_POW_31 = 2 ** 31;
/** Wrong values every field gets at once. */
const WRONG: unknown[] = [
  TWO_POW_31, String(TWO_POW_31), -1, 1.5, 1e308, '1e400', '99999999999999999999999999999', 'x'.repeat(5_000), '', true, null, [1, 2], { a: 1 },
];
/** Wrong values each field of a route's schemas gets alone, the others plausible (fewer, to keep the run short). */
const WRONG_ALONE: unknown[] = [TWO_POW_31, String(TWO_POW_31), -1, '99999999999999999999999999999', 'x'.repeat(5_000), null, [1, 2], { a: 1 }];
const WRONG_PATH_IDS = [String(TWO_POW_31), '-1', '0', '1.5', 'abc', '99999999999999999999999999999', '1e3', '%00'];
const ENVELOPE_TYPES = ['ok', 'error', '999', '998'];

/** The input schemas of the contract, each reporting to `parsed` when a route parses with it. */
const inputSchemas = (Object.entries(contract) as [string, unknown][]).filter(
  (entry): entry is [string, Schema] =>
    (entry[0].endsWith('Input') || entry[0].endsWith('Param')) && typeof entry[1] === 'object' && entry[1] !== null && '_zod' in entry[1] && shapeOf(entry[1] as Schema) !== undefined,
);
const parsed = new Set<string>();
for (const [name, schema] of inputSchemas) {
  const safeParse = schema.safeParse.bind(schema);
  (schema as { safeParse: Schema['safeParse'] }).safeParse = ((data: unknown, params?: unknown) => {
    parsed.add(name);
    return safeParse(data, params as never);
  }) as Schema['safeParse'];
}
const fieldsOf = (name: string) => shapeOf(inputSchemas.find(([n]) => n === name)![1])!;

/** Every key any input schema names, at a plausible value: the body a route is first called with. */
const plausibleBody: Record<string, unknown> = {};
for (const [, schema] of inputSchemas) {
  for (const [key, field] of Object.entries(shapeOf(schema)!)) {
    if (key in plausibleBody) continue;
    const value = plausibleFor(field);
    if (value !== undefined) plausibleBody[key] = value;
  }
}

let test: TestApp;
let userId: number;
let operatorId: number;
const tokens = { user: '', operator: '' };
let ipCounter = 0;
const failures: string[] = [];
let calls = 0;

beforeAll(async () => {
  test = await makeTestApp();
  const user = await makeUser(test);
  userId = user.id;
  tokens.user = user.token;
  const [operator] = await test.db.insert(operators).values({ username: 'fuzz-operator', passwordHash: 'unused', role: 'admin' }).returning();
  operatorId = operator!.id;
  tokens.operator = await createOperatorSession(test.db, operatorId, Date.now());
});
afterAll(() => test.close());

/** Sessions a call ended (logout, a frozen account, a disabled operator) are opened again, so later calls keep reaching the handlers. */
async function restoreSessions() {
  await test.db.update(users).set({ frozen: false }).where(eq(users.id, userId));
  tokens.user = await createSession(test.db, userId);
  await test.db.update(operators).set({ role: 'admin', disabledAt: null, mustChangePassword: false }).where(eq(operators.id, operatorId));
  tokens.operator = await createOperatorSession(test.db, operatorId, Date.now());
}

type Who = 'user' | 'operator' | 'nobody';
/** A user sends the token in Authorization; an operator in the back office's cookie with its CSRF proof. */
const sessionHeaders = (who: 'user' | 'operator'): Record<string, string> => (who === 'user' ? { authorization: tokens.user } : operatorHeaders(tokens.operator));
/** A body sent as it is written (JSON an object literal cannot spell, such as a `__proto__` key). */
class RawJson {
  constructor(readonly text: string) {}
}

/** One call; a 5xx or an answer that is not the envelope is recorded as a failure. */
async function send(who: Who, method: string, url: string, input: unknown, label: string, form = false) {
  calls += 1;
  ipCounter += 1;
  const headers: Record<string, string> = {};
  if (who !== 'nobody') Object.assign(headers, sessionHeaders(who));
  let target = url;
  let payload: string | undefined;
  if (method === 'GET' || method === 'DELETE') {
    const query = new URLSearchParams();
    if (input && typeof input === 'object' && !Array.isArray(input) && !(input instanceof RawJson)) {
      for (const [key, value] of Object.entries(input)) {
        for (const item of Array.isArray(value) ? value : [value]) query.append(key, typeof item === 'object' && item !== null ? JSON.stringify(item) : String(item));
      }
    }
    target = `${url}${query.size ? `?${query}` : ''}`;
  } else if (input instanceof RawJson) {
    headers['content-type'] = 'application/json';
    payload = input.text;
  } else if (input !== undefined) {
    if (form && input && typeof input === 'object') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString();
    } else {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(input);
    }
  }
  const res = await test.app.inject({
    method: method as 'GET',
    url: target,
    headers,
    payload,
    remoteAddress: `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`,
  });
  let body: { type?: unknown; message?: unknown; code?: unknown } | undefined;
  try {
    body = res.json();
  } catch {
    body = undefined;
  }
  if (res.statusCode >= 500 || !body || !ENVELOPE_TYPES.includes(String(body.type)) || !('message' in body)) {
    failures.push(`${who} ${method} ${url} with ${label} -> ${res.statusCode} ${res.body.slice(0, 160)}`);
  }
  if (who !== 'nobody' && (body?.type === '999' || ['forbidden', 'password_change_required', 'operator_disabled'].includes(String(body?.code)))) {
    await restoreSessions();
  }
  return body;
}

describe('input fuzz', () => {
  // The wide fuzz runs on the embedded database only (about a minute a pass): a wrong input is refused
  // by the contract's schemas before any SQL, and what reaches SQL differently on PostgreSQL (NUL, lone
  // surrogates, prototype names, numbers past a column) is tried on both by the tests below and ids.test.ts.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))('answers every wrong input to every endpoint with the envelope and a status below 500', { timeout: 300_000 }, async () => {
    const routes = routesOf(test.app).filter((r) => r.url.startsWith('/api/'));
    expect(routes.length).toBeGreaterThan(50);
    const schemasSeen = new Set<string>();
    for (const route of routes) {
      const who: Who = route.url.startsWith('/api/admin') ? 'operator' : 'user';
      const url = route.url.replace(/:[a-zA-Z_]+/g, '1');
      // What the route parses, learnt from a call with plausible values.
      parsed.clear();
      await send(who, route.method, url, plausibleBody, 'plausible values');
      const used = [...parsed];
      used.forEach((name) => schemasSeen.add(name));

      // Bodies of every shape.
      for (const input of [undefined, {}, [1, 2], 'text', { unknown_key: 'x' }, { ...plausibleBody, unknown_key: [1] }]) {
        await send(who, route.method, url, input, `the body ${JSON.stringify(input)?.slice(0, 60)}`);
      }
      for (const text of ['', 'null', '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}', '{"unclosed": ']) {
        await send(who, route.method, url, new RawJson(text), `the JSON ${text || '(empty)'}`);
      }
      await send(who, route.method, url, plausibleBody, 'plausible values, form-encoded', true);
      await send('nobody', route.method, url, plausibleBody, 'plausible values');
      // Each wrong value in every field at once, then in each field of the route's schemas alone.
      const shown = (value: unknown) => JSON.stringify(value)?.slice(0, 40);
      for (const wrong of WRONG) {
        await send(who, route.method, url, Object.fromEntries(Object.keys(plausibleBody).map((key) => [key, wrong])), `every field ${shown(wrong)}`);
      }
      const base: Record<string, unknown> = { ...plausibleBody };
      for (const name of used) for (const [key, field] of Object.entries(fieldsOf(name))) base[key] = plausibleFor(field) ?? base[key];
      for (const name of used) {
        for (const key of Object.keys(fieldsOf(name))) {
          for (const wrong of WRONG_ALONE) await send(who, route.method, url, { ...base, [key]: wrong }, `${name}.${key} ${shown(wrong)}`);
        }
      }
      // Wrong ids in the path.
      if (route.url.includes(':')) {
        for (const id of WRONG_PATH_IDS) await send(who, route.method, route.url.replace(/:[a-zA-Z_]+/g, id), base, `the path id ${id}`);
      }
    }
    const unused = inputSchemas.map(([name]) => name).filter((name) => !schemasSeen.has(name));
    console.log(`input fuzz: ${calls} calls to ${routes.length} routes; contract input schemas no route parsed: ${unused.join(', ') || 'none'}`);
    expect(failures).toEqual([]);
  });
});

/** One JSON call as `who`, answered with its status and envelope. */
async function json(who: 'user' | 'operator', url: string, body: unknown, method: 'POST' | 'GET' = 'POST') {
  const res = await test.app.inject({ method, url, headers: { ...sessionHeaders(who), 'content-type': 'application/json' }, payload: JSON.stringify(body), remoteAddress: '10.200.0.1' });
  return { status: res.statusCode, body: res.json() as { type: string; code?: string } };
}

describe('names every object inherits, as account kinds (security finding 1)', () => {
  it('refuses toString, constructor, __proto__, valueOf and hasOwnProperty on the four routes with parameter_error and opens no account', async () => {
    await restoreSessions();
    const usdt = await coinId(test, 'USDT');
    expect((await json('operator', '/api/admin/balances/adjust', { user_id: userId, currency_id: usdt, kind: 'spot', amount: '10', reason: 'funding' })).body.type).toBe('ok');
    const userKinds = async () => (await test.db.selectDistinct({ kind: ledgerAccounts.kind }).from(ledgerAccounts).where(isNotNull(ledgerAccounts.userId))).map((k) => k.kind).sort();
    const kindsBefore = await userKinds();
    for (const name of ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty']) {
      const answers = [
        await json('user', '/api/wallet/change', { currency_id: usdt, number: '1', from_field: 'spot', to_field: name }),
        await json('user', '/api/wallet/change', { currency_id: usdt, number: '1', from_field: name, to_field: 'spot' }),
        await json('user', '/api/wallet/legal_log', { type: name }),
        await json('user', '/api/wallet/detail', { currency: usdt, type: name }),
        await json('operator', '/api/admin/balances/adjust', { user_id: userId, currency_id: usdt, kind: name, amount: '1', reason: 'probe' }),
      ];
      for (const answer of answers) expect(answer, name).toMatchObject({ status: 400, body: { type: 'error', code: 'parameter_error' } });
    }
    const kindsAfter = await userKinds();
    expect(kindsAfter).toEqual(kindsBefore);
    expect(kindsAfter.filter((kind) => !(contract.ACCOUNT_KINDS as readonly string[]).includes(kind))).toEqual([]);
    await expectLedgerBalanced(test);
  });
});

describe('a NUL or a lone surrogate in the input (security finding 5)', () => {
  it('answers parameter_error on every route, JSON, form-encoded or in the query, logins included, never 500', { timeout: 120_000 }, async () => {
    await restoreSessions();
    const routes = routesOf(test.app).filter((r) => r.url.startsWith('/api/'));
    const wrong: string[] = [];
    /** Every text field of the plausible body carries the probe (numbers stay numbers). */
    const probed = (probe: string) => Object.fromEntries(Object.entries(plausibleBody).map(([key, value]) => [key, typeof value === 'string' ? `a${probe}b` : value]));
    for (const route of routes) {
      const who = route.url.startsWith('/api/admin') ? 'operator' : 'user';
      const url = route.url.replace(/:[a-zA-Z_]+/g, '1');
      const headers = sessionHeaders(who);
      const tries: { label: string; method: string; url: string; headers: Record<string, string>; payload?: string }[] = [];
      if (route.method === 'GET' || route.method === 'DELETE') {
        tries.push({ label: 'query %00', method: route.method, url: `${url}?keyword=a%00b&${new URLSearchParams({ user_string: 'a\u0000b' })}`, headers });
      } else {
        for (const [label, probe] of [['NUL', '\u0000'], ['lone surrogate', '\ud800']]) {
          tries.push({ label: `JSON ${label}`, method: route.method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(probed(probe!)) });
        }
        tries.push({ label: 'form %00', method: route.method, url, headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' }, payload: 'user_string=a%00b&password=Secret-pass-1&lang=en' });
      }
      for (const one of tries) {
        const res = await test.app.inject({ method: one.method as 'GET', url: one.url, headers: one.headers, payload: one.payload, remoteAddress: '10.201.0.1' });
        const body = res.json() as { code?: string };
        if (res.statusCode !== 400 || body.code !== 'parameter_error') wrong.push(`${route.method} ${route.url} ${one.label} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe('database errors in the log (security finding 5)', () => {
  /** The error a query throws, as the log would keep it before (every own field and the message) and now. */
  async function failure(run: () => Promise<unknown>) {
    const error = await run().then(() => undefined, (e: unknown) => e as Error & { cause?: Error });
    expect(error).toBeInstanceOf(Error);
    const raw = JSON.stringify({ ...error, message: error!.message, cause: error!.cause && { ...error!.cause, message: error!.cause.message } });
    return { raw, logged: JSON.stringify(errorForLog(error)) };
  }

  it('keeps the failed statement, code and constraint but not the login names and texts the query carried', async () => {
    const secret = 'victim-login@example.com';
    const cases = [
      await failure(() => test.db.execute(sql`select ${secret}::int`)),
      await failure(() => test.db.insert(operators).values({ username: 'fuzz-operator', passwordHash: secret, role: 'admin' })),
      await failure(() => test.db.execute(sql`select ${`${secret}\u0000`}::text`)),
    ];
    for (const { raw, logged } of cases) {
      expect(raw).toContain('victim-login');
      expect(logged).not.toContain('victim-login');
      expect(logged).toMatch(/Failed query: (select|insert)/);
    }
    expect(cases[1]!.logged).toContain('23505');
    expect(cases[1]!.logged).toContain('operators_username_key');
    expect(cases[1]!.raw).toContain('(username)=(fuzz-operator)');
    expect(cases[1]!.logged).not.toContain('fuzz-operator');
  });
});
