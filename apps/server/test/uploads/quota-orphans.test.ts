// Proves the upload limits and the orphan sweep: a user keeps at most the named number of files and
// bytes (another user is not affected), POST /upload and /user/uploadHeadPortrait share a per-user rate
// limit, and the app's recurring job removes (row and file) uploads that no row refers to once they are
// older than the grace period, while every referenced upload (one per reference column) stays served.
import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../src/db/schema.ts';
import { recharges, walletAddresses } from '../../src/funds/tables.ts';
import { identityVerifications } from '../../src/identity/tables.ts';
import { supportMessages, supportThreads } from '../../src/support/tables.ts';
import { JobScheduler } from '../../src/jobs/scheduler.ts';
import { UPLOAD_ORPHAN_GRACE_MS, UPLOAD_ORPHAN_SWEEP_JOB, UPLOAD_REFERENCE_COLUMNS, registerUploadJobs } from '../../src/uploads/orphans.ts';
import { fitsUploadQuota } from '../../src/uploads/quota.ts';
import { uploadsDir } from '../../src/uploads/routes.ts';
import { uploads } from '../../src/uploads/tables.ts';
import { call, makeTestApp, makeUser, type TestApp } from '../support/app.ts';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(56, 7)]);
const FILES_MAX = 3;
const BYTES_MAX = FILES_MAX * PNG.length + 1_000;
const UPLOADS_PER_MINUTE = 20;

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp({ uploadFilesPerUserMax: FILES_MAX, uploadBytesPerUserMax: BYTES_MAX, uploadsPerMinute: UPLOADS_PER_MINUTE });
});
afterAll(() => test.close());

async function upload(token: string, bytes = PNG, lang = 'en') {
  const boundary = `----fairex${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
  const res = await test.app.inject({
    method: 'POST',
    url: `/api/upload?lang=${lang}`,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: token },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return { status: res.statusCode, body: res.json() as { type: string; message: string; code?: string } };
}

const bare = (url: string) => url.split('?')[0]!;
const fileOf = (url: string) => path.join(uploadsDir(test.ctx), path.basename(bare(url)));

describe('upload quota rule', () => {
  const quota = { filesMax: 3, bytesMax: 1_000 };
  it('takes a file while both the files and the bytes stay within the quota', () => {
    expect(fitsUploadQuota({ files: 0, bytes: 0 }, 1_000, quota)).toBe(true);
    expect(fitsUploadQuota({ files: 2, bytes: 600 }, 400, quota)).toBe(true);
  });
  it('refuses a file that would pass either maximum', () => {
    expect(fitsUploadQuota({ files: 3, bytes: 0 }, 1, quota)).toBe(false);
    expect(fitsUploadQuota({ files: 2, bytes: 600 }, 401, quota)).toBe(false);
    expect(fitsUploadQuota({ files: 0, bytes: 0 }, 1_001, quota)).toBe(false);
  });
});

describe('upload limits', () => {
  it("refuses an upload past the per-user file quota, in the caller's language, and leaves other users alone", async () => {
    const user = await makeUser(test);
    for (let i = 0; i < FILES_MAX; i++) expect((await upload(user.token)).body.type).toBe('ok');
    const refused = await upload(user.token, PNG, 'zh');
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ type: 'error', code: 'upload_quota_exceeded', message: '您的上传已达上限；未被使用的图片会在一天后删除' });
    expect(await test.db.select().from(uploads).where(eq(uploads.userId, user.id))).toHaveLength(FILES_MAX);
    const other = await makeUser(test);
    expect((await upload(other.token)).body.type).toBe('ok');
  });

  it('refuses an upload past the per-user byte quota', async () => {
    const user = await makeUser(test);
    const big = Buffer.concat([PNG, Buffer.alloc(BYTES_MAX - 2 * PNG.length)]);
    expect((await upload(user.token, big)).body.type).toBe('ok');
    expect((await upload(user.token)).body.type).toBe('ok');
    expect((await upload(user.token)).body.code).toBe('upload_quota_exceeded');
  });

  it('refuses uploads and head portrait changes past the per-user rate, counted together', async () => {
    const user = await makeUser(test);
    const url = (await upload(user.token)).body.message;
    for (let i = 1; i < UPLOADS_PER_MINUTE; i++) {
      const set = await call(test.app, '/user/uploadHeadPortrait', { token: user.token, payload: { head_portrait: url } });
      expect(set.body.type).toBe('ok');
    }
    const limited = await call(test.app, '/user/uploadHeadPortrait', { token: user.token, payload: { head_portrait: url } });
    expect(limited.body).toMatchObject({ type: 'error', code: 'too_many_requests' });
    expect((await upload(user.token)).body.code).toBe('too_many_requests');
    // Per user: someone else uploads as usual.
    expect((await upload((await makeUser(test)).token)).body.type).toBe('ok');
  });
});

describe('orphan sweep', () => {
  it('is a recurring job of the app', () => {
    expect(test.ctx.jobs.names()).toContain(UPLOAD_ORPHAN_SWEEP_JOB);
  });

  it('removes uploads no row refers to once past the grace period, and keeps every referenced one', async () => {
    const users = await Promise.all([makeUser(test), makeUser(test), makeUser(test)]);
    const [owner, second, third] = users as [(typeof users)[0], (typeof users)[0], (typeof users)[0]];
    const up = async (user: { token: string }) => (await upload(user.token)).body.message;
    // The head portrait through the API: the first one is replaced, so it becomes an orphan.
    const replaced = await up(owner);
    const portrait = await up(owner);
    for (const url of [replaced, portrait]) {
      expect((await call(test.app, '/user/uploadHeadPortrait', { token: owner.token, payload: { head_portrait: url } })).body.type).toBe('ok');
    }
    const neverUsed = await up(owner);
    // One referencing row for each other reference column.
    const front = await up(second);
    const reverse = await up(second);
    const voucher = await up(second);
    const qrcode = await up(third);
    await test.db.insert(identityVerifications).values({ userId: second.id, level: 2, frontPic: bare(front), reversePic: bare(reverse) });
    await test.db.insert(recharges).values({ userId: second.id, currencyId: 1, network: 'TRC20', address: 'T...', amount: '5', voucher: bare(voucher) });
    await test.db.insert(walletAddresses).values({ userId: third.id, currencyId: 1, network: 'TRC20', name: 'mine', address: 'T...', addressKey: 'T...', qrcode: bare(qrcode) });
    const message = await up(third);
    const [thread] = await test.db.insert(supportThreads).values({ userId: third.id, lastMessageAt: new Date(), createdAt: new Date() }).returning();
    await test.db.insert(supportMessages).values({ threadId: thread!.id, author: 'user', image: bare(message), createdAt: new Date() });
    const kept = [portrait, front, reverse, voucher, qrcode, message];
    const orphans = [replaced, neverUsed];
    // Every reference column has its referenced upload above, but the OTC order's proof and chat image,
    // which need an order: test/otc/limits.test.ts shows the sweep keeps those.
    const provenWithOtc = ['otc_orders.proof', 'otc_messages.image'];
    expect(UPLOAD_REFERENCE_COLUMNS).toHaveLength(kept.length + provenWithOtc.length);

    let now = Date.now() + UPLOAD_ORPHAN_GRACE_MS - 60_000;
    const jobs = new JobScheduler(test.db, { now: () => now });
    registerUploadJobs(jobs, uploadsDir(test.ctx));
    const names = (urls: string[]) => urls.map((url) => path.basename(bare(url)));
    const rows = async (urls: string[]) => test.db.select().from(uploads).where(inArray(uploads.fileName, names(urls)));

    // Within the grace period: nothing goes.
    expect(await jobs.runDue()).toBe(1);
    expect(await rows(orphans)).toHaveLength(orphans.length);
    expect(orphans.every((url) => fs.existsSync(fileOf(url)))).toBe(true);

    // Past it (the recurring job's next run): the orphans go, rows and files; the rest stays and is served.
    now += 2 * 60 * 60_000;
    expect(await jobs.runDue()).toBe(1);
    expect(await rows(orphans)).toEqual([]);
    expect(orphans.some((url) => fs.existsSync(fileOf(url)))).toBe(false);
    for (const url of orphans) expect((await test.app.inject({ method: 'GET', url: test.ctx.uploads.sign(bare(url)) })).statusCode).toBe(404);
    expect(await rows(kept)).toHaveLength(kept.length);
    for (const url of kept) {
      expect(fs.existsSync(fileOf(url))).toBe(true);
      expect((await test.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
    // The freed quota takes new uploads again.
    expect((await upload(owner.token)).body.type).toBe('ok');
  });

  it('knows every column that may hold an upload reference', () => {
    // A new column named like an image must be added to UPLOAD_REFERENCE_COLUMNS (or here, with a reason).
    const NOT_UPLOADS = new Set([
      'currencies.logo', // an operator's link to a coin's logo, not a user upload
      'news_versions.image', // an operator's content image (content/images.ts), not a user upload
    ]);
    const IMAGE_LIKE = /pic|portrait|voucher|qrcode|image|photo|avatar|logo|thumbnail|picture|attachment|proof/;
    const listed = new Set(UPLOAD_REFERENCE_COLUMNS.map(({ table, column }) => `${getTableConfig(table).name}.${column.name}`));
    const tables = (Object.values(schema) as unknown[]).filter((value): value is PgTable => {
      try {
        return typeof getTableConfig(value as PgTable).name === 'string';
      } catch {
        return false;
      }
    });
    const imageColumns = tables.flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.filter((c) => c.dataType === 'string' && IMAGE_LIKE.test(c.name)).map((c) => `${config.name}.${c.name}`);
    });
    expect(imageColumns.filter((name) => !NOT_UPLOADS.has(name)).sort()).toEqual([...listed].sort());
  });
});
