// Proves how the built apps and the API travel: a tiny built web app and back office (made in a temp
// folder and compressed by the build's own step, scripts/precompress.ts) are served as their brotli or
// gzip copy by Accept-Encoding with Vary, hashed assets cached for a year and index.html revalidated;
// API answers above the threshold are compressed on the fly, small ones are not.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../../../scripts/precompress.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { COMPRESS_BYTES_MIN, cacheControlFor } from '../../src/http/web-delivery.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { seedSite } from '../../src/site/seed.ts';
import { openTestDatabase } from '../support/db.ts';

const YEAR_IMMUTABLE = 'public, max-age=31536000, immutable';
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const PAGE = `<!doctype html><html><head><title>FairEx</title><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<div class="filler"></div>'.repeat(60)}</body></html>`;
const ICON = '<svg xmlns="http://www.w3.org/2000/svg"/>';

/** A built app as Vite leaves it: index.html, a hashed script under assets/, a small public file. */
function writeBuiltApp(dir: string) {
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(dir, 'assets/index-AbC123.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), ICON);
}

const decode = (encoding: string | undefined, body: Buffer) =>
  (encoding === 'br' ? zlib.brotliDecompressSync(body) : encoding === 'gzip' ? zlib.gunzipSync(body) : body).toString('utf8');

let app: Awaited<ReturnType<typeof buildApp>>['app'];
let dispose: () => Promise<void>;
let tempDir: string;

beforeAll(async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-delivery-'));
  const webDist = path.join(tempDir, 'web');
  const adminDist = path.join(tempDir, 'admin');
  for (const dist of [webDist, adminDist]) {
    writeBuiltApp(dist);
    await precompressDir(dist);
  }
  const opened = await openTestDatabase();
  dispose = opened.dispose;
  await seedSite(opened.database.db);
  await seedMarkets(opened.database.db);
  ({ app } = await buildApp({ config: { ...loadConfig({}), dataDir: path.join(tempDir, 'data'), webDist, adminDist }, database: opened.database }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await dispose?.();
  fs.rmSync(tempDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) => app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('build step', () => {
  it('writes brotli and gzip copies of text files of at least the threshold, and none of smaller ones', async () => {
    const dir = path.join(tempDir, 'step');
    writeBuiltApp(dir);
    expect((await precompressDir(dir)).sort()).toEqual(['assets/index-AbC123.js', 'index.html']);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'assets/index-AbC123.js.br'))).toString()).toBe(SCRIPT);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'index.html.gz'))).toString()).toBe(PAGE);
    expect(fs.existsSync(path.join(dir, 'favicon.svg.br'))).toBe(false);
  });
});

describe('built apps', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('sends the hashed script as its precompressed copy, cached for a year, when the browser accepts %s', async (accept, encoding) => {
    for (const url of ['/assets/index-AbC123.js', '/admin/assets/index-AbC123.js']) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe(encoding);
      expect(res.headers['content-type'], url).toMatch(/javascript/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe(YEAR_IMMUTABLE);
      expect(res.rawPayload.length, url).toBeLessThan(SCRIPT.length / 2);
      expect(decode(encoding, res.rawPayload), url).toBe(SCRIPT);
    }
  });

  it('sends the plain file, still varying on Accept-Encoding, when the browser accepts no compression', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe(YEAR_IMMUTABLE);
    expect(res.body).toBe(SCRIPT);
  });

  it('sends index.html compressed and revalidated on each use (no-cache), at / and /admin/', async () => {
    for (const url of ['/', '/index.html', '/admin/']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(decode('br', res.rawPayload), url).toBe(PAGE);
    }
  });

  it('sends a small public file as it is, revalidated on each use', async () => {
    const res = await get('/favicon.svg', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toBe(ICON);
  });

  it('caches for a year only what lies under assets/', () => {
    expect(cacheControlFor('/dist', '/dist/assets/index-AbC123.js.br')).toBe(YEAR_IMMUTABLE);
    expect(cacheControlFor('/dist', '/dist/index.html')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/assets.js')).toBe('no-cache');
    expect(cacheControlFor('/dist', '/dist/favicon.svg')).toBe('no-cache');
  });
});

describe('API', () => {
  it('compresses an answer above the threshold by Accept-Encoding', async () => {
    const plain = await get('/api/currency/quotation_new');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_BYTES_MIN);
    for (const encoding of ['br', 'gzip']) {
      const res = await get('/api/currency/quotation_new', encoding);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(encoding, res.rawPayload)).type).toBe('ok');
      expect(res.rawPayload.length).toBeLessThan(plain.body.length);
    }
  });

  it('leaves an answer below the threshold as it is', async () => {
    const res = await get('/api/user/info', 'br, gzip');
    expect(res.body.length).toBeLessThan(COMPRESS_BYTES_MIN);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().type).toBe('999');
  });
});
