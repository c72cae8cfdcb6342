// Proves operators' content images on a real database and disk: an admin uploads an image (type told by
// its bytes, logged), anyone fetches it at its public URL with a year's cache, other files and roles are
// refused, uploads are limited per minute, and an image nothing uses is removed a day after its upload
// while the ones a body, a version image or the site logo use stay.
import fs from 'node:fs';
import path from 'node:path';
import { CONTENT_IMAGE_URL_PREFIX } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorAuditLog } from '../../src/admin/tables.ts';
import { CONTENT_IMAGE_GRACE_MS, CONTENT_IMAGES_PER_MINUTE, contentImagesDir, sweepUnusedContentImages } from '../../src/content/images.ts';
import { contentImages } from '../../src/content/tables.ts';
import { makeOperatorToken, PNG } from '../funds/support.ts';
import { adminJson, contentRig, saveItem, uploadContentImage, type ContentRig } from './support.ts';
import { operatorHeaders } from '../support/app.ts';

let rig: ContentRig;
beforeAll(async () => {
  rig = await contentRig();
});
afterAll(() => rig.test.close());

const fileOf = (url: string) => url.slice(CONTENT_IMAGE_URL_PREFIX.length);
const upload = async () => ((await uploadContentImage(rig.test, rig.op)).message as { url: string }).url;

describe('content images', () => {
  it('stores an admin upload, logs it, and serves it to anyone with a long cache', async () => {
    const url = await upload();
    expect(url).toMatch(/^\/content-images\/[a-f0-9]{32}\.png$/);
    const res = await rig.test.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const [log] = await rig.test.db.select().from(operatorAuditLog).where(eq(operatorAuditLog.target, `content_image:${fileOf(url)}`));
    expect(log).toMatchObject({ action: 'content.image.upload', detail: { mime: 'image/png', bytes: PNG.length } });
    const missing = await rig.test.app.inject({ method: 'GET', url: `${CONTENT_IMAGE_URL_PREFIX}${'0'.repeat(32)}.png` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ type: 'error', code: 'not_found' });
  });

  it('refuses a file that is not an image, and operators other than admins', async () => {
    expect((await uploadContentImage(rig.test, rig.op, Buffer.from('<svg onload="alert(1)"></svg>'))).code).toBe('upload_type_refused');
    expect((await uploadContentImage(rig.test, await makeOperatorToken(rig.test, 'support'))).code).toBe('forbidden');
    const noFile = await rig.test.app.inject({ method: 'POST', url: '/api/admin/content/images', headers: operatorHeaders(rig.op) });
    expect(noFile.json().code).toBe('upload_missing');
  });

  it('limits uploads per operator and minute', async () => {
    const other = await makeOperatorToken(rig.test, 'admin');
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= CONTENT_IMAGES_PER_MINUTE; i += 1) codes.push((await uploadContentImage(rig.test, other)).code);
    expect(codes.slice(0, CONTENT_IMAGES_PER_MINUTE).every((code) => code === undefined)).toBe(true);
    expect(codes.at(-1)).toBe('too_many_requests');
  });

  it('removes an image nothing uses a day after its upload, and keeps the used ones', async () => {
    await rig.test.db.delete(contentImages);
    const [inBody, asImage, asLogo, unused] = [await upload(), await upload(), await upload(), await upload()];
    await saveItem(rig, { versions: [{ lang: 'en', title: 'Pictures', content: `<p><img src="${inBody}" alt=""></p>`, image: asImage }] });
    expect((await adminJson(rig, '/content/settings', { site_logo: asLogo })).body.type).toBe('ok');
    const dir = contentImagesDir(rig.test.ctx);
    const sweep = (atMs: number) => rig.test.db.transaction((tx) => sweepUnusedContentImages(tx, dir, new Date(atMs)));
    expect(await sweep(rig.clock.now + CONTENT_IMAGE_GRACE_MS - 1000)).toEqual([]);
    expect(await sweep(rig.clock.now + CONTENT_IMAGE_GRACE_MS + 1000)).toEqual([fileOf(unused)]);
    const kept = (await rig.test.db.select().from(contentImages)).map((row) => `${CONTENT_IMAGE_URL_PREFIX}${row.fileName}`).sort();
    expect(kept).toEqual([inBody, asImage, asLogo].sort());
    expect(fs.existsSync(path.join(dir, fileOf(unused)))).toBe(false);
    expect(fs.existsSync(path.join(dir, fileOf(inBody)))).toBe(true);
  });
});
