// Proves the in-app customer-service thread on a real database, through the API both sides use: the user
// writes (text, an image of their own upload), operators of the support and admin roles see the thread in
// the inbox with its unread count and answer (logged), the user sees the answer and their own unread
// count, each side's read mark only moves forward; a user reaches no other thread and no one else's
// upload; text stays plain; length and messages per minute are limited; a reply reaches the user's
// socket room at once; and an image a message uses survives the orphan sweep.
import { SUPPORT_MESSAGE_CHARS_MAX, SUPPORT_MESSAGES_PAGE_SIZE, errorMessage } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { UPLOAD_ORPHAN_GRACE_MS, sweepOrphanUploads } from '../../src/uploads/orphans.ts';
import { uploadsDir } from '../../src/uploads/routes.ts';
import { uploads } from '../../src/uploads/tables.ts';
import { makeOperatorToken, operatorToken, uploadImage } from '../funds/support.ts';
import { call, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { flush, liveRealtime, record, type LiveRealtime } from '../support/sockets.ts';

let test: TestApp;
let op: string;
let support: string;
beforeAll(async () => {
  test = await makeTestApp();
  op = await operatorToken(test);
  support = await makeOperatorToken(test, 'support');
});
afterAll(() => test.close());

type User = Awaited<ReturnType<typeof makeUser>>;
const send = (user: User, payload: Record<string, unknown>) => call(test.app, '/support/send', { token: user.token, payload });
const messages = (user: User, before?: string) => call(test.app, '/support/messages', { method: 'GET', token: user.token, payload: { before } });
const unread = async (user: User) => (await call(test.app, '/support/unread', { method: 'GET', token: user.token })).body.message.unread as number;
const staff = (method: 'GET' | 'POST', url: string, payload: Record<string, unknown> = {}, token = support) => call(test.app, `/admin${url}`, { method, token, payload });
const threadOf = async (user: User) => (await staff('GET', '/support/threads', { user_id: user.id })).body.message.data[0];

describe('a thread both ways', () => {
  it('carries a user message with an image to the inbox, the answer back, and the unread counts of both sides', async () => {
    const user = await makeUser(test);
    expect(await unread(user)).toBe(0);
    expect((await messages(user)).body.message).toEqual({ messages: [], has_more: false, unread: 0 });
    const image = await uploadImage(test, user.token);
    const first = await send(user, { body: 'My deposit has not arrived', image });
    expect(first.body.message).toMatchObject({ author: 'user', body: 'My deposit has not arrived', image: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.png\?exp=\d+&sig=/) });
    expect(first.body.message).not.toHaveProperty('operator');
    await send(user, { body: 'TX hash 0xabc' });

    const thread = await threadOf(user);
    expect(thread).toMatchObject({ user_id: user.id, account: user.email, last_author: 'user', last_body: 'TX hash 0xabc', unread: 2 });
    const view = await staff('GET', '/support/thread', { thread_id: thread.id });
    expect(view.body.message.messages.map((m: { body: string; author: string }) => [m.author, m.body])).toEqual([
      ['user', 'TX hash 0xabc'],
      ['user', 'My deposit has not arrived'],
    ]);
    expect(view.body.message.messages[1].image).toMatch(/^\/uploads\/.+\?exp=/);

    const reply = await staff('POST', '/support/reply', { thread_id: thread.id, body: 'We are checking it now' });
    expect(reply.body.message).toMatchObject({ author: 'operator', body: 'We are checking it now', operator: expect.stringMatching(/^support/) });
    // Answering reads the thread.
    expect((await threadOf(user)).unread).toBe(0);
    expect(await unread(user)).toBe(1);
    const seen = (await messages(user)).body.message;
    expect(seen.unread).toBe(1);
    expect(seen.messages[0]).toEqual({ id: reply.body.message.id, author: 'operator', body: 'We are checking it now', image: null, created_at: expect.any(String) });
    expect((await call(test.app, '/support/read', { token: user.token, payload: { last_id: seen.messages[0].id } })).body.message).toEqual({ unread: 0 });
    expect(await unread(user)).toBe(0);

    const log = await test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `support_thread:${thread.id}`));
    expect(log.map((l) => l.action)).toEqual(['support.reply']);
    expect(log[0]!.detail).toMatchObject({ message_id: reply.body.message.id, user_id: user.id });
  });

  it('lists threads with unread messages first, and moves each read mark forward only', async () => {
    const quiet = await makeUser(test);
    const waiting = await makeUser(test);
    await send(waiting, { body: 'Hello?' });
    await send(quiet, { body: 'Thanks' });
    const quietThread = await threadOf(quiet);
    await staff('POST', '/support/read', { thread_id: quietThread.id, last_id: 2 ** 40 });
    const inbox = (await staff('GET', '/support/threads', { unread: true })).body.message.data as { user_id: number; unread: number }[];
    expect(inbox.map((t) => t.user_id)).toContain(waiting.id);
    expect(inbox.map((t) => t.user_id)).not.toContain(quiet.id);
    const all = (await staff('GET', '/support/threads', { limit: 100 })).body.message.data as { unread: number }[];
    // Unread threads first: once a read one comes, no unread one follows.
    const firstRead = all.findIndex((t) => t.unread === 0);
    expect(all.slice(firstRead).every((t) => t.unread === 0)).toBe(true);
    // A mark past the newest message stops at it: the next message is unread again.
    await send(quiet, { body: 'One more thing' });
    expect((await threadOf(quiet)).unread).toBe(1);
    await call(test.app, '/support/read', { token: quiet.token, payload: { last_id: 2 ** 40 } });
    await staff('POST', '/support/reply', { thread_id: quietThread.id, body: 'Go ahead' });
    expect(await unread(quiet)).toBe(1);
    const readLog = await test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `support_thread:${quietThread.id}`));
    expect(readLog.map((l) => l.action)).toEqual(['support.read', 'support.reply']);
  });

  it("makes one thread of a new user's first messages sent at once", async () => {
    const user = await makeUser(test);
    const sent = await Promise.all(Array.from({ length: 5 }, (_, i) => send(user, { body: `at once ${i}` })));
    expect(sent.map((res) => res.body.type)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok']);
    const threads = (await staff('GET', '/support/threads', { user_id: user.id })).body.message;
    expect(threads.total).toBe(1);
    expect(threads.data[0].unread).toBe(5);
    expect((await messages(user)).body.message.messages).toHaveLength(5);
  });

  it('pages a long thread, newest first, older pages by `before`', async () => {
    const user = await makeUser(test);
    const thread = await (async () => {
      await send(user, { body: 'first' });
      return threadOf(user);
    })();
    for (let i = 1; i <= SUPPORT_MESSAGES_PAGE_SIZE + 4; i += 1) await staff('POST', '/support/reply', { thread_id: thread.id, body: `answer ${i}` });
    const page = (await messages(user)).body.message;
    expect(page.messages).toHaveLength(SUPPORT_MESSAGES_PAGE_SIZE);
    expect(page.has_more).toBe(true);
    expect(page.messages[0].body).toBe(`answer ${SUPPORT_MESSAGES_PAGE_SIZE + 4}`);
    const older = (await messages(user, page.messages.at(-1).id)).body.message;
    expect(older.messages.map((m: { body: string }) => m.body)).toEqual(['answer 4', 'answer 3', 'answer 2', 'answer 1', 'first']);
    expect(older.has_more).toBe(false);
  });
});

describe('what no one may do', () => {
  it("keeps each user to their own thread and their own uploads, and users out of the inbox", async () => {
    const ann = await makeUser(test);
    const bob = await makeUser(test);
    const annImage = await uploadImage(test, ann.token);
    await send(ann, { body: 'Private to Ann' });
    expect((await messages(bob)).body.message.messages).toEqual([]);
    expect((await send(bob, { body: 'Look', image: annImage })).body.code).toBe('upload_missing');
    expect((await send(bob, { image: '/uploads/0123456789abcdef0123456789abcdef.png' })).body.code).toBe('upload_missing');
    expect((await staff('GET', '/support/threads', {}, bob.token)).body.type).toBe('999');
    expect((await staff('GET', '/support/thread', { thread_id: 999_999 })).body.code).toBe('not_found');
    expect((await staff('POST', '/support/reply', { thread_id: 999_999, body: 'x' })).body.code).toBe('not_found');
    const reviewer = await makeOperatorToken(test, 'reviewer');
    expect((await staff('GET', '/support/threads', {}, reviewer)).body.code).toBe('forbidden');
    expect((await staff('POST', '/support/reply', { thread_id: (await threadOf(ann)).id, body: 'x' }, reviewer)).body.code).toBe('forbidden');
    expect((await staff('GET', '/support/threads', {}, op)).body.type).toBe('ok');
    expect((await call(test.app, '/support/messages', { method: 'GET' })).body.type).toBe('999');
  });

  it('keeps text plain, refuses empty and too long messages, and limits messages per minute', async () => {
    const user = await makeUser(test);
    const markup = await send(user, { body: '<img src=x onerror=alert(1)><b>bold</b>' });
    expect(markup.body.message.body).toBe('<img src=x onerror=alert(1)><b>bold</b>');
    const refused = async (payload: Record<string, unknown>, code: 'support_message_empty' | 'support_message_too_long') =>
      expect((await send(user, payload)).body).toMatchObject({ type: 'error', code, message: errorMessage(code, 'en') });
    await refused({ body: '   ' }, 'support_message_empty');
    await refused({ body: 'x'.repeat(SUPPORT_MESSAGE_CHARS_MAX + 1) }, 'support_message_too_long');
    expect((await staff('POST', '/support/reply', { thread_id: (await threadOf(user)).id, body: '' })).body.code).toBe('support_message_empty');
    expect((await send(user, { body: 'x'.repeat(SUPPORT_MESSAGE_CHARS_MAX) })).body.type).toBe('ok');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i < test.ctx.limits.supportMessagesPerMinute; i += 1) codes.push((await send(user, { body: `n${i}` })).body.code);
    // Every attempt counts, the refused ones above too: the minute's allowance is spent before the loop ends.
    expect(codes.at(-1)).toBe('too_many_requests');
  });
});

describe('images in messages', () => {
  it('keeps an image a message uses through the orphan sweep', async () => {
    const user = await makeUser(test);
    const used = await uploadImage(test, user.token);
    const unused = await uploadImage(test, user.token);
    await send(user, { image: used });
    const bare = (url: string) => url.slice('/uploads/'.length, url.indexOf('?'));
    const removed = await test.db.transaction((tx) => sweepOrphanUploads(tx, uploadsDir(test.ctx), new Date(Date.now() + UPLOAD_ORPHAN_GRACE_MS + 60_000)));
    expect(removed).toContain(bare(unused));
    expect(removed).not.toContain(bare(used));
    expect(await test.db.select().from(uploads).where(eq(uploads.fileName, bare(used)))).toHaveLength(1);
  });
});

describe('realtime', () => {
  let live: LiveRealtime;
  beforeAll(async () => {
    live = await liveRealtime(test);
  });
  afterAll(() => live.close());

  it("sends an operator's answer to the user's room only", async () => {
    const user = await makeUser(test);
    const other = await makeUser(test);
    const socket = await live.connect({ token: user.token });
    const otherSocket = await live.connect({ token: other.token });
    const seen = record(socket, ['support']);
    const otherSeen = record(otherSocket, ['support']);
    await send(user, { body: 'Anyone there?' });
    const reply = await staff('POST', '/support/reply', { thread_id: (await threadOf(user)).id, body: 'Yes, here' });
    await expect.poll(() => seen.support!.length).toBe(1);
    expect(seen.support![0]).toEqual({ id: reply.body.message.id, author: 'operator', body: 'Yes, here', image: null, created_at: reply.body.message.created_at });
    await flush(otherSocket);
    expect(otherSeen.support).toEqual([]);
  });
});
