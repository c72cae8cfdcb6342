// Proves POST /upload accepts one image told by its magic bytes and refuses everything else; that an
// upload is served only on a signed, unexpired URL (unsigned, tampered, expired and borrowed signatures
// get the plain 404 of a missing file); that inputs take signed or bare references and store them bare;
// and that every answer giving an upload back gives a signed URL that serves it.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/accounts/tables.ts';
import { recharges, walletAddresses } from '../src/funds/tables.ts';
import { identityVerifications } from '../src/identity/tables.ts';
import { settings } from '../src/site/tables.ts';
import { UPLOAD_URL_STEP_S, UPLOAD_URL_TTL_S, UploadUrls } from '../src/uploads/signing.ts';
import { call, expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from './support/app.ts';
import { coinId, ensurePayPassword, makeVerifiedUser, operatorToken, PAY_PASSWORD } from './funds/support.ts';

let test: TestApp;
beforeAll(async () => {
  // Generous code limits: makeVerifiedUser binds a mobile with a code.
  test = await makeTestApp({ codeResendMs: 0, codesPerIpPerHour: 100_000, codesPerTargetPerDay: 1000 });
});
afterAll(async () => {
  await test.close();
});

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const SIGNED = /^(\/uploads\/[a-f0-9]{32}\.png)\?exp=(\d+)&sig=[A-Za-z0-9_-]+$/;

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

/** Uploads a PNG and answers its signed URL. */
async function uploadPng(token: string): Promise<string> {
  const res = await upload(token, multipart('file', 'me.png', 'image/png', PNG));
  expect(res.body.type).toBe('ok');
  return res.body.message;
}

const bare = (url: string) => url.split('?')[0]!;
const fetchUpload = (url: string) => test.app.inject({ method: 'GET', url });

/** The URL is signed for the given stored reference and serves the uploaded bytes. */
async function expectServed(url: string, reference: string) {
  expect(url).toMatch(SIGNED);
  expect(bare(url)).toBe(reference);
  const served = await fetchUpload(url);
  expect(served.statusCode).toBe(200);
  expect(served.rawPayload.equals(PNG)).toBe(true);
}

describe('uploads', () => {
  it('stores a PNG and answers a signed URL that serves it, privately and until it expires', async () => {
    const user = await makeUser(test);
    const before = Math.floor(Date.now() / 1000);
    const url = await uploadPng(user.token);
    const exp = Number(SIGNED.exec(url)?.[2]);
    expect(exp).toBeGreaterThanOrEqual(before + UPLOAD_URL_TTL_S);
    expect(exp).toBeLessThanOrEqual(before + 1 + UPLOAD_URL_TTL_S + UPLOAD_URL_STEP_S);
    const served = await fetchUpload(url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(served.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(UPLOAD_URL_TTL_S - 60);
    expect(maxAge).toBeLessThanOrEqual(exp - before);
  });

  it('refuses unsigned, tampered, expired and borrowed signatures with the answer of a missing file', async () => {
    const user = await makeUser(test);
    const url = await uploadPng(user.token);
    const other = await uploadPng(user.token);
    const reference = bare(url);
    const missing = await fetchUpload(test.ctx.uploads.sign('/uploads/0123456789abcdef0123456789abcdef.png'));
    expect(missing.statusCode).toBe(404);

    const exp = Number(SIGNED.exec(url)?.[2]);
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const flipped = `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`;
    const expired = test.ctx.uploads.sign(reference, Date.now() - 2 * (UPLOAD_URL_TTL_S + UPLOAD_URL_STEP_S) * 1000);
    const refused = {
      unsigned: reference,
      'no signature': `${reference}?exp=${exp}`,
      'later expiry': `${reference}?exp=${exp + 3600}&sig=${sig}`,
      'changed signature': `${reference}?exp=${exp}&sig=${flipped}`,
      expired,
      "another file's signature": `${bare(other)}?${url.split('?')[1]}`,
      'a path through the signed file to another': `${reference}/../${bare(other).slice('/uploads/'.length)}?${url.split('?')[1]}`,
    };
    for (const [name, attempt] of Object.entries(refused)) {
      const res = await fetchUpload(attempt);
      expect(res.statusCode, name).toBe(404);
      expect(res.body, name).toBe(missing.body);
    }
    // The same URLs, untouched, still work: the refusals above were about the signature.
    expect((await fetchUpload(url)).statusCode).toBe(200);
    expect((await fetchUpload(other)).statusCode).toBe(200);
  });

  it('keeps one secret in the site settings, shared by every process on the database', async () => {
    const [row] = await test.db.select().from(settings).where(eq(settings.key, 'upload_url_secret'));
    expect(typeof row?.value).toBe('string');
    const second = await UploadUrls.open(test.db);
    const reference = '/uploads/0123456789abcdef0123456789abcdef.png';
    expect(second.sign(reference)).toBe(test.ctx.uploads.sign(reference));
    // The secret never leaves through the public settings call.
    const setting = await call(test.app, '/getSetting', { method: 'GET', payload: { keyword: 'upload_url_secret' } });
    expect(JSON.stringify(setting.body)).not.toContain(String(row?.value));
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

  it('sets the head portrait from an own upload only, signed or bare, and stores it bare', async () => {
    const owner = await makeUser(test);
    const other = await makeUser(test);
    const url = await uploadPng(owner.token);
    const reference = bare(url);
    const foreign = await call(test.app, '/user/uploadHeadPortrait', { token: other.token, payload: { head_portrait: url } });
    expect(foreign.body.code).toBe('upload_missing');
    const bogus = await call(test.app, '/user/uploadHeadPortrait', { token: owner.token, payload: { head_portrait: '../../etc/passwd' } });
    expect(bogus.body.code).toBe('upload_missing');
    const junkQuery = await call(test.app, '/user/uploadHeadPortrait', { token: owner.token, payload: { head_portrait: `${reference}?x=1` } });
    expect(junkQuery.body.code).toBe('upload_missing');

    for (const given of [url, reference]) {
      const own = await call(test.app, '/user/uploadHeadPortrait', { token: owner.token, payload: { head_portrait: given } });
      expect(own.body.type).toBe('ok');
      const [row] = await test.db.select({ headPortrait: users.headPortrait }).from(users).where(eq(users.id, owner.id));
      expect(row?.headPortrait).toBe(reference);
    }
    const info = await call(test.app, '/user/info', { method: 'GET', token: owner.token });
    await expectServed(info.body.message.head_portrait, reference);
  });

  it('gives signed URLs that serve the image in every answer carrying an upload', async () => {
    const user = await makeVerifiedUser(test, 2);
    const op = await operatorToken(test);
    const usdt = await coinId(test, 'USDT');
    const coins = await call(test.app, '/admin/coins', { method: 'GET', token: op });
    const trc20 = coins.body.message.coins.find((c: { name: string }) => c.name === 'USDT').networks.find((n: { network: string }) => n.network === 'TRC20');
    await call(test.app, `/admin/networks/${trc20.id}`, { token: op, payload: { deposit_address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL' } });

    // Identity photos, as the back-office queue shows them.
    const [identity] = await test.db.select().from(identityVerifications).where(eq(identityVerifications.userId, user.id)).orderBy(identityVerifications.level).offset(1);
    expect(identity?.frontPic).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/);
    const queue = await call(test.app, '/admin/identity', { method: 'GET', token: op, payload: { user_id: user.id, level: 2 } });
    await expectServed(queue.body.message.data[0].front_pic, identity!.frontPic!);
    await expectServed(queue.body.message.data[0].reverse_pic, identity!.reversePic!);

    // A wallet address's QR code, saved from a signed URL.
    const qrcode = await uploadPng(user.token);
    await ensurePayPassword(test, user);
    const saved = await call(test.app, '/user/wallet/save', {
      token: user.token,
      payload: { currency: usdt, name: 'mine', address: 'TNPeeaaFB7K9cmo4uQpcU32zGK8G1NYqeL', qrcode, pay_password: PAY_PASSWORD },
    });
    expect(saved.body.type).toBe('ok');
    const [address] = await test.db.select().from(walletAddresses).where(eq(walletAddresses.userId, user.id));
    expect(address?.qrcode).toBe(bare(qrcode));
    const list = await call(test.app, '/user/wallet/list', { method: 'GET', token: user.token });
    await expectServed(list.body.message.data[0].qrcode, bare(qrcode));

    // A deposit's voucher, in the user's log and in the back-office queue.
    const voucher = await uploadPng(user.token);
    const declared = await call(test.app, '/wallet/charge_req', { token: user.token, payload: { currency: usdt, network: 'TRC20', amount: '5', voucher } });
    expect(declared.body.type).toBe('ok');
    const [recharge] = await test.db.select().from(recharges).where(eq(recharges.userId, user.id));
    expect(recharge?.voucher).toBe(bare(voucher));
    const log = await call(test.app, '/recharge/log', { method: 'GET', token: user.token });
    await expectServed(log.body.message.data[0].voucher, bare(voucher));
    const recharges_ = await call(test.app, '/admin/recharges', { method: 'GET', token: op, payload: { user_id: user.id } });
    await expectServed(recharges_.body.message.data[0].voucher, bare(voucher));

    // The head portrait in the back office's user detail.
    const avatar = await uploadPng(user.token);
    await call(test.app, '/user/uploadHeadPortrait', { token: user.token, payload: { head_portrait: avatar } });
    const detail = await call(test.app, `/admin/users/${user.id}`, { method: 'GET', token: op });
    await expectServed(detail.body.message.user.head_portrait, bare(avatar));
    await expectLedgerBalanced(test);
  });
});
