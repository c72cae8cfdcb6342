// Proves POST /upload accepts one image told by its magic bytes, refuses everything else, serves the
// file back, and that a head portrait must be the user's own upload.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeTestApp, makeUser, type TestApp } from './support/app.ts';

let test: TestApp;
beforeAll(async () => {
  test = await makeTestApp();
});
afterAll(async () => {
  await test.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

function multipart(field: string, fileName: string, contentType: string, bytes: Buffer) {
  const boundary = `----fairex${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function upload(token: string | undefined, body: ReturnType<typeof multipart>, lang = 'en') {
  const res = await test.app.inject({
    method: 'POST',
    url: `/api/upload?lang=${lang}`,
    headers: { ...body.headers, ...(token ? { authorization: token } : {}) },
    payload: body.payload,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('uploads', () => {
  it('stores a PNG, answers its reference and serves it back', async () => {
    const user = await makeUser(test);
    const res = await upload(user.token, multipart('file', 'me.png', 'image/png', PNG));
    expect(res.body.type).toBe('ok');
    expect(res.body.message).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const served = await test.app.inject({ method: 'GET', url: res.body.message });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a text file dressed up as an image', async () => {
    const user = await makeUser(test);
    const res = await upload(user.token, multipart('file', 'evil.png', 'image/png', Buffer.from('<?php echo 1; ?>')), 'zh');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ type: 'error', code: 'upload_type_refused', message: '只能上传 JPEG、PNG、GIF 或 WebP 图片' });
  });

  it('refuses a file over the size limit', async () => {
    const user = await makeUser(test);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const res = await upload(user.token, multipart('file', 'big.png', 'image/png', big));
    expect(res.body).toMatchObject({ type: 'error', code: 'upload_too_large' });
  });

  it('refuses a wrong field name, a missing file and a missing token', async () => {
    const user = await makeUser(test);
    expect((await upload(user.token, multipart('avatar', 'me.png', 'image/png', PNG))).body.code).toBe('upload_missing');
    const noFile = await call(test.app, '/upload', { token: user.token, payload: {} });
    expect(noFile.body.code).toBe('upload_missing');
    expect((await upload(undefined, multipart('file', 'me.png', 'image/png', PNG))).body.type).toBe('999');
  });

  it('sets the head portrait from an own upload only', async () => {
    const owner = await makeUser(test);
    const other = await makeUser(test);
    const reference = (await upload(owner.token, multipart('file', 'me.png', 'image/png', PNG))).body.message as string;
    const foreign = await call(test.app, '/user/uploadHeadPortrait', { token: other.token, payload: { head_portrait: reference } });
    expect(foreign.body.code).toBe('upload_missing');
    const bogus = await call(test.app, '/user/uploadHeadPortrait', { token: owner.token, payload: { head_portrait: '../../etc/passwd' } });
    expect(bogus.body.code).toBe('upload_missing');
    const own = await call(test.app, '/user/uploadHeadPortrait', { token: owner.token, payload: { head_portrait: reference } });
    expect(own.body.type).toBe('ok');
    const info = await call(test.app, '/user/info', { method: 'GET', token: owner.token });
    expect(info.body.message.head_portrait).toBe(reference);
  });
});
