// Proves every kind of answer carries the security headers: an API answer, an API error, the web app's
// index page, a built asset, the back office's page and a missing path, each with the CSP (no
// framing, no eval), nosniff and the referrer policy, and so does socket.io's polling transport. The web
// and admin builds are stand-in folders.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import fastifyHelmet from '@fastify/helmet';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { securityHeaders, securityHeadersHook } from '../../src/http/security-headers.ts';
import { appRealtimeSources, attachRealtime } from '../../src/realtime/socket.ts';
import { loadConfig } from '../../src/config.ts';
import { seedMarkets } from '../../src/markets/seed.ts';
import { seedSite } from '../../src/site/seed.ts';
import { openTestDatabase } from '../support/db.ts';

let app: Awaited<ReturnType<typeof buildApp>>['app'];
let close: () => Promise<void>;
let baseUrl: string;

beforeAll(async () => {
  const { database, dispose } = await openTestDatabase();
  await seedSite(database.db);
  await seedMarkets(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-headers-'));
  for (const app of ['web', 'admin']) {
    fs.mkdirSync(path.join(dataDir, app, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, app, 'index.html'), `<!doctype html><title>${app}</title>`);
    fs.writeFileSync(path.join(dataDir, app, 'assets', 'index-abc123.js'), 'export {};');
  }
  const config = { ...loadConfig({}), dataDir, webDist: path.join(dataDir, 'web'), adminDist: path.join(dataDir, 'admin') };
  const built = await buildApp({ config, database });
  app = built.app;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const realtime = await attachRealtime(app.server, appRealtimeSources(built.ctx, () => {}));
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  close = async () => {
    await realtime.close();
    await app.close();
    await dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

/** The CSP's directives by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  const answers = {
    'an API answer': '/api/currency/list',
    'an API error': '/api/user/info',
    "the web app's index page": '/',
    'a built asset': '/assets/index-abc123.js',
    "the back office's page": '/admin/',
    'a missing path': '/api/no-such-call',
  };

  it.each(Object.entries(answers))('sends the CSP, nosniff, no framing and the referrer policy on %s', async (_name, url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBeLessThan(500);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(String(res.headers['content-security-policy'])).not.toContain('unsafe-eval');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  it("sends them on socket.io's polling answers too (made outside Fastify)", async () => {
    const res = await fetch(`${baseUrl}/socket.io/?EIO=4&transport=polling`);
    expect(res.status).toBe(200);
    expect(directives(res.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('answers the API call, the page and the asset above for real (the stand-in builds are found)', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/currency/list' });
    expect(api.json().type).toBe('ok');
    const index = await app.inject({ method: 'GET', url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>web</title>');
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });
});

describe('the security headers hook', () => {
  it('sets exactly the headers @fastify/helmet sets, and follows the frame hosts as they change', async () => {
    let hosts: readonly string[] = ['https://chat.example'];
    const withHelmet = Fastify();
    await withHelmet.register(fastifyHelmet, securityHeaders(() => hosts));
    const withHook = Fastify();
    withHook.addHook('onRequest', securityHeadersHook(() => hosts));
    for (const app of [withHelmet, withHook]) app.get('/x', async () => ({ ok: true }));
    const headersOf = async (app: typeof withHook, url: string) => {
      const { date: _date, ...headers } = (await app.inject({ method: 'GET', url })).headers;
      return headers;
    };
    for (const url of ['/x', '/missing']) expect(await headersOf(withHook, url)).toEqual(await headersOf(withHelmet, url));
    hosts = ['https://other.example'];
    expect(await headersOf(withHook, '/x')).toEqual(await headersOf(withHelmet, '/x'));
    expect(directives((await headersOf(withHook, '/x'))['content-security-policy']).get('frame-src')).toEqual(["'self'", 'https://other.example']);
  });
});
