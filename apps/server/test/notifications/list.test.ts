// Proves the notification list and the back office's system notices through the API on a real database:
// a notice shown to every user in their language or else English, from its publish time until it is
// withdrawn (final, logged), the unread count with marking one and all read, the readers counted in the
// back office, foreign and unknown ids refused with not_found, pages of 10 newest first and at most 50,
// the texts checked (English required, lengths), and the roles (admins write; support reads).
import { NOTICE_BODY_LENGTH_MAX, NOTICE_TITLE_LENGTH_MAX } from '@fairex/contract';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { systemNotices } from '../../src/notifications/tables.ts';
import { makeOperatorToken } from '../funds/support.ts';
import { call, expectLedgerBalanced, makeUser } from '../support/app.ts';
import { useRig } from '../support/clock.ts';
import { adminJson, declareDeposit, eventRowsOf, listOf, notificationsRig, unreadOf } from './support.ts';

const rig = useRig(() => notificationsRig());
afterEach(async () => {
  await expectLedgerBalanced(rig.test);
  // Every user sees every notice shown: each test starts with none.
  await rig.test.db.update(systemNotices).set({ withdrawnAt: rig.clock.now }).where(isNull(systemNotices.withdrawnAt));
});

const MINUTE = 60_000;
const EN = { title: 'Maintenance tonight', body: 'Trading pauses from 02:00 to 03:00 UTC.' };
const ZH = { title: '今晚维护', body: '交易将于 UTC 02:00 至 03:00 暂停。' };

const publish = async (body: object, token = rig.op) => adminJson(rig.test, token, '/notices', body);
async function published(body: object): Promise<number> {
  const res = await publish(body);
  if (res.type !== 'ok') throw new Error(`publish: ${JSON.stringify(res)}`);
  return res.message.id;
}
const markRead = (token: string, payload: Record<string, unknown>) => call(rig.test.app, '/notification/read', { token, payload });
const adminNotices = async (token = rig.op) => (await call(rig.test.app, '/admin/notices', { method: 'GET', token })).body;
const systemOf = async (token: string, lang?: string) => (await listOf(rig.test, token, {}, lang)).data.filter((item) => item.source === 'system');

describe('system notices', () => {
  it('shows a published notice to every user in their own language, else in English', async () => {
    const first = await makeUser(rig.test);
    const second = await makeUser(rig.test);
    const id = await published({ texts: { en: EN, zh: ZH } });
    const item = (version: typeof EN, lang: string) => ({ source: 'system', id, kind: 'system', ...version, lang, created_at: rig.clock.now, read: false });
    expect(await systemOf(first.token, 'zh')).toEqual([item(ZH, 'zh')]);
    expect(await systemOf(first.token, 'th')).toEqual([item(EN, 'en')]);
    expect(await systemOf(second.token, 'en')).toEqual([item(EN, 'en')]);
  });

  it('shows a notice from its publish time until it is withdrawn, which is final and logged', async () => {
    const user = await makeUser(rig.test);
    const id = await published({ texts: { en: EN }, publish_at: rig.clock.now + 10 * MINUTE });
    expect((await adminNotices()).message.data[0]).toMatchObject({ id, state: 'scheduled', publish_at: rig.clock.now + 10 * MINUTE });
    expect(await systemOf(user.token)).toEqual([]);
    expect(await unreadOf(rig.test, user.token)).toBe(0);
    expect((await markRead(user.token, { source: 'system', id })).body.code).toBe('not_found');

    rig.clock.now += 10 * MINUTE;
    expect((await systemOf(user.token)).map((item) => item.id)).toEqual([id]);
    expect(await unreadOf(rig.test, user.token)).toBe(1);

    const withdrawn = await call(rig.test.app, `/admin/notices/${id}/withdraw`, { token: rig.op });
    expect(withdrawn.body.message).toMatchObject({ id, state: 'withdrawn', withdrawn_at: rig.clock.now });
    expect(await systemOf(user.token)).toEqual([]);
    expect(await unreadOf(rig.test, user.token)).toBe(0);
    const again = await call(rig.test.app, `/admin/notices/${id}/withdraw`, { token: rig.op, lang: 'zh' });
    expect(again).toMatchObject({ status: 409, body: { code: 'notice_withdrawn', message: '该公告已撤回，不能再修改' } });
    expect((await publish({ id, texts: { en: EN } })).code).toBe('notice_withdrawn');

    const log = await rig.test.db
      .select({ action: operatorAuditLog.action })
      .from(operatorAuditLog)
      .where(and(eq(operatorAuditLog.target, `system_notice:${id}`), like(operatorAuditLog.action, 'notice.%')))
      .orderBy(operatorAuditLog.id);
    expect(log.map((row) => row.action)).toEqual(['notice.publish', 'notice.withdraw']);
  });

  it('edits a notice’s texts in place, keeping its time, who read it, and logging before and after', async () => {
    const user = await makeUser(rig.test);
    const id = await published({ texts: { en: EN } });
    const publishedAt = rig.clock.now;
    expect((await markRead(user.token, { source: 'system', id })).body.message).toEqual({ unread: 0 });
    rig.clock.now += MINUTE;
    const edited = await publish({ id, publish_at: publishedAt, texts: { en: { ...EN, title: 'Maintenance moved' }, zh: ZH } });
    expect(edited.message).toMatchObject({ id, publish_at: publishedAt, updated_at: rig.clock.now, reads: 1, texts: { en: { title: 'Maintenance moved' }, zh: ZH } });
    expect(await systemOf(user.token, 'en')).toMatchObject([{ id, title: 'Maintenance moved', created_at: publishedAt, read: true }]);
    const [entry] = await rig.test.db.select().from(operatorAuditLog).where(and(eq(operatorAuditLog.target, `system_notice:${id}`), eq(operatorAuditLog.action, 'notice.edit')));
    expect(entry!.detail).toMatchObject({ before: { texts: { en: EN } }, after: { texts: { en: { title: 'Maintenance moved' } } } });
  });

  it('requires English and texts of the allowed lengths; a language left blank has no version of its own', async () => {
    expect((await publish({ texts: { zh: ZH } })).code).toBe('notice_english_required');
    expect((await publish({})).code).toBe('notice_english_required');
    expect((await publish({ texts: { en: { title: 'x'.repeat(NOTICE_TITLE_LENGTH_MAX + 1), body: 'b' } } })).code).toBe('notice_text_invalid');
    expect((await publish({ texts: { en: { title: 't', body: 'b'.repeat(NOTICE_BODY_LENGTH_MAX + 1) } } })).code).toBe('notice_text_invalid');
    expect((await publish({ texts: { en: EN, zh: { title: '标题', body: '  ' } } })).code).toBe('notice_text_invalid');
    expect((await publish({ texts: { en: EN, xx: EN } })).code).toBe('parameter_error');
    const saved = await publish({ texts: { en: EN, zh: { title: ' ', body: '' } } });
    expect(saved.message.texts).toEqual({ en: EN });
    expect((await publish({ id: 999_999, texts: { en: EN } })).code).toBe('not_found');
  });

  it('lets admins publish and support read; refuses support writing and reviewers entirely', async () => {
    const support = await makeOperatorToken(rig.test, 'support');
    const reviewer = await makeOperatorToken(rig.test, 'reviewer');
    const id = await published({ texts: { en: EN } });
    expect((await adminNotices(support)).message.data.map((row: { id: number }) => row.id)).toContain(id);
    expect((await publish({ texts: { en: EN } }, support)).code).toBe('forbidden');
    expect((await call(rig.test.app, `/admin/notices/${id}/withdraw`, { token: support })).body.code).toBe('forbidden');
    expect((await adminNotices(reviewer)).code).toBe('forbidden');
  });
});

describe('unread and read', () => {
  it('counts unread events and notices, marks one read (twice is harmless) and then all, and counts the readers', async () => {
    const user = await makeUser(rig.test);
    const deposit = await declareDeposit(rig.test, user, '10');
    await call(rig.test.app, `/admin/recharges/${deposit}/confirm`, { token: rig.op });
    const first = await published({ texts: { en: EN } });
    const second = await published({ texts: { en: EN } });
    expect(await unreadOf(rig.test, user.token)).toBe(3);

    const [event] = await eventRowsOf(rig.test, user.id);
    expect((await markRead(user.token, { source: 'event', id: event!.id })).body.message).toEqual({ unread: 2 });
    expect((await markRead(user.token, { source: 'event', id: event!.id })).body.message).toEqual({ unread: 2 });
    expect((await markRead(user.token, { source: 'system', id: first })).body.message).toEqual({ unread: 1 });
    expect((await call(rig.test.app, '/notification/read_all', { token: user.token })).body.message).toEqual({ unread: 0 });
    expect((await listOf(rig.test, user.token)).data.map((item) => item.read)).toEqual([true, true, true]);

    const rows = (await adminNotices()).message;
    expect(rows.users).toBeGreaterThanOrEqual(1);
    expect(rows.data.filter((row: { id: number }) => row.id === first || row.id === second).map((row: { reads: number }) => row.reads)).toEqual([1, 1]);
    // A notice published after "all read" is unread again.
    await published({ texts: { en: EN } });
    expect(await unreadOf(rig.test, user.token)).toBe(1);
  });

  it('refuses another user’s event, unknown ids and malformed ones', async () => {
    const owner = await makeUser(rig.test);
    const other = await makeUser(rig.test);
    await call(rig.test.app, `/admin/recharges/${await declareDeposit(rig.test, owner, '5')}/confirm`, { token: rig.op });
    const [event] = await eventRowsOf(rig.test, owner.id);
    const foreign = await markRead(other.token, { source: 'event', id: event!.id });
    expect(foreign).toMatchObject({ status: 404, body: { code: 'not_found' } });
    expect(await unreadOf(rig.test, owner.token)).toBe(1);
    expect((await markRead(other.token, { source: 'event', id: 2 ** 40 })).body.code).toBe('not_found');
    expect((await markRead(other.token, { source: 'system', id: 2 ** 31 - 1 })).body.code).toBe('not_found');
    expect((await markRead(other.token, { source: 'system', id: 2 ** 31 })).body.code).toBe('parameter_error');
    expect((await markRead(other.token, { source: 'news', id: 1 })).body.code).toBe('parameter_error');
    expect((await markRead(other.token, { id: 1 })).body.code).toBe('parameter_error');
    expect((await call(rig.test.app, '/notification/list', { method: 'GET' })).body.type).toBe('999');
    expect((await call(rig.test.app, '/notification/read_all', {})).body.type).toBe('999');
  });
});

describe('pages', () => {
  it('pages 10 a page by default, newest first, with the total; at most 50 a page', async () => {
    const user = await makeUser(rig.test);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) {
      rig.clock.now += 1_000;
      ids.push(await published({ texts: { en: { title: `Notice ${i}`, body: 'Body' } } }));
    }
    const first = await listOf(rig.test, user.token);
    expect(first).toMatchObject({ total: 12, page: 1, limit: 10 });
    expect(first.data.map((item) => item.id)).toEqual(ids.slice(2).reverse());
    const second = await listOf(rig.test, user.token, { page: 2 });
    expect(second.data.map((item) => item.id)).toEqual(ids.slice(0, 2).reverse());
    expect((await listOf(rig.test, user.token, { limit: 50 })).data).toHaveLength(12);
    for (const limit of [0, 51]) {
      expect((await call(rig.test.app, '/notification/list', { method: 'GET', token: user.token, payload: { limit } })).body.code).toBe('parameter_error');
    }
  });
});
