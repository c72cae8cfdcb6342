// Proves that the back office answers at /admin as well as /admin/: the path without the slash redirects
// to the back office (query kept) instead of the JSON 404 every unknown path gets.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { seedSite } from '../src/site/seed.ts';
import { openTestDatabase } from './support/db.ts';

let app: Awaited<ReturnType<typeof buildApp>>['app'];
let close: () => Promise<void>;
beforeAll(async () => {
  const { database, dispose } = await openTestDatabase();
  await seedSite(database.db);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fairex-admin-path-'));
  const adminDist = path.join(dataDir, 'admin-dist');
  fs.mkdirSync(adminDist);
  fs.writeFileSync(path.join(adminDist, 'index.html'), '<!doctype html><title>Fairex back office</title>');
  ({ app } = await buildApp({ config: { ...loadConfig({}), dataDir, webDist: '/nonexistent', adminDist }, database }));
  await app.ready();
  close = async () => {
    await app.close();
    await dispose();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
});
afterAll(() => close());

describe('back office path', () => {
  it('redirects /admin to /admin/ instead of answering 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/');
    expect((await app.inject({ method: 'HEAD', url: '/admin' })).statusCode).toBe(302);
    expect((await app.inject({ method: 'GET', url: '/admin?lang=zh' })).headers.location).toBe('/admin/?lang=zh');
  });

  it('serves the back office at /admin/ and still answers 404 beside it', async () => {
    const page = await app.inject({ method: 'GET', url: '/admin/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Fairex back office');
    const other = await app.inject({ method: 'GET', url: '/administrator' });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ type: 'error', code: 'not_found' });
  });
});
