// Proves through the back-office API that the outbox shows a live verification code to admins only,
// masked for support operators (reviewers cannot open it), and masked for everyone once delivered; in
// production masked always, for every role, with a warning at start for each channel that cannot deliver.
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/accounts/passwords.ts';
import { operators, type OperatorRole } from '../../src/admin/tables.ts';
import type { FastifyBaseLogger } from 'fastify';
import { createNotifier, outboxShowsCodes } from '../../src/notify/notifier.ts';
import { call, latestCode, makeTestApp, operatorLogin, type TestApp } from '../support/app.ts';
import { operatorToken } from '../funds/support.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(() => test.close());

async function operatorOf(role: OperatorRole) {
  const username = `${role}-${Date.now()}`;
  await test.db.insert(operators).values({ username, passwordHash: await hashPassword('operator-pass-1'), role });
  return operatorLogin(test.app, username, 'operator-pass-1', test.nextIp());
}

const outboxRowFor = async (token: string, recipient: string) => {
  const res = await call(test.app, '/admin/outbox', { method: 'GET', token, payload: { limit: 100 } });
  return { res, row: (res.body.message?.data ?? []).find((r: { recipient: string }) => r.recipient === recipient) };
};

describe('outbox', () => {
  it('shows a live code to an admin only, masked to support, and not at all to a reviewer', async () => {
    const email = `outbox-${Date.now()}@example.com`;
    await call(test.app, '/sms_mail', { ip: test.nextIp(), payload: { user_string: email, scene: 'register' } });
    const code = await latestCode(test, email);

    const admin = await outboxRowFor(await operatorToken(test), email);
    expect(admin.row.body).toContain(code);

    const support = await outboxRowFor(await operatorOf('support'), email);
    expect(support.row.body).not.toContain(code);
    expect(support.row.body).toContain('******');

    const reviewer = await outboxRowFor(await operatorOf('reviewer'), email);
    expect(reviewer.res.body.code).toBe('forbidden');
  });

  it('stores a code masked once it has been delivered by mail, so even an admin sees it masked', async () => {
    const notifier = createNotifier({ log: test.app.log, transport: nodemailer.createTransport({ jsonTransport: true }) });
    const recipient = `delivered-${Date.now()}@example.com`;
    await notifier.send(test.db, { channel: 'mail', recipient, subject: 'code', body: 'Your verification code is 493817.', hasCode: true });
    await notifier.send(test.db, { channel: 'mail', recipient: `plain-${recipient}`, subject: 'note', body: 'Order 123456 filled.' });
    const token = await operatorToken(test);
    const { row } = await outboxRowFor(token, recipient);
    expect(row).toMatchObject({ delivered: true, body: 'Your verification code is ******.' });
    expect((await outboxRowFor(token, `plain-${recipient}`)).row.body).toBe('Order 123456 filled.');
  });

  it('in production stores every code masked, so not even an admin reads it, and warns at start that codes cannot be delivered', async () => {
    const warnings: string[] = [];
    const log = { warn: (message: string) => warnings.push(message) } as unknown as FastifyBaseLogger;
    const notifier = createNotifier({ log, production: true });
    expect(warnings).toEqual([expect.stringContaining('SMTP_URL is not set'), expect.stringContaining('no SMS provider')]);
    const mobile = `139${String(Date.now()).slice(-8)}`;
    await notifier.send(test.db, { channel: 'sms', recipient: mobile, subject: 'code', body: 'Your verification code is 924514.', hasCode: true });
    const { row } = await outboxRowFor(await operatorToken(test), mobile);
    expect(row).toMatchObject({ delivered: false, body: 'Your verification code is ******.' });

    warnings.length = 0;
    createNotifier({ log, production: true, transport: nodemailer.createTransport({ jsonTransport: true }) });
    expect(warnings).toEqual([expect.stringContaining('no SMS provider')]);
    warnings.length = 0;
    createNotifier({ log, production: false });
    expect(warnings).toEqual([]);
    // The outbox's display rule: development keeps the admin-only rule, production shows codes to nobody.
    expect([outboxShowsCodes('admin', false), outboxShowsCodes('support', false), outboxShowsCodes('admin', true), outboxShowsCodes('support', true)]).toEqual([true, false, false, false]);
  });
});
