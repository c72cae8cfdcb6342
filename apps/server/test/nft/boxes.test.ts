// Proves provably fair blind boxes on a real database: a series published through the back office
// shows the SHA-256 of its server seed and its pool's odds before the sale (and refuses changes after),
// a box bought through buyNFT is numbered (its nonce) and unopened, openBlindBox draws with
// HMAC-SHA256(server seed, "user seed:nonce") from the pool as it stands and records the draw, and at
// the sale's end the job opens the boxes left closed and reveals the seed, after which every draw
// verifies with the contract's verifyNftDraw (the function the item page runs). The ledger audit runs after.
import { DAY_MS, sha256Hex, verifyNftDraw } from '@fairex/contract';
import { eq } from 'drizzle-orm';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seedVaultFor } from '../../src/nft/seed-vault.ts';
import { nftSeries } from '../../src/nft/tables.ts';
import { expectLedgerBalanced, makeUser } from '../support/app.ts';
import { admin, bindBox, fundedUser, makeArtwork, PNG, runJobs, spot, uploadMedia, useNftRig } from './support.ts';

const rig = useNftRig();

async function publishedSeries(weights: number[], price = '10') {
  const cover = (await uploadMedia(rig.test, rig.op, PNG)).message.id;
  const series = await admin(rig, '/series', {
    title_en: 'Night market',
    cover_media_id: cover,
    currency_id: rig.usdt,
    price,
    start_at: rig.now() - 1000,
    end_at: rig.now() + DAY_MS,
  });
  const items = [];
  for (const [i, weight] of weights.entries()) {
    const item = await makeArtwork(rig, { title_en: `Stall ${i + 1}`, rarity: i === 0 ? 'legendary' : 'common' });
    await admin(rig, '/series/pool', { series_id: series.id, item_id: item.id, weight });
    items.push(item);
  }
  const published = await admin(rig, '/series/publish', { series_id: series.id });
  return { series: published as { id: number; code: string; seed_hash: string; end_at: number }, items };
}

describe('blind boxes', () => {
  it('publishes the seed hash and odds before the sale, and a published pool cannot change', async () => {
    const { series, items } = await publishedSeries([1, 3]);
    expect(series.seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const page = (await bindBox(rig, 'getBoxDetail', undefined, { code: series.code }, 'GET')).body.message;
    expect(page).toMatchObject({ kind: 'series', media_type: 'blind_box', listing: { sale_type: 'blind_box', buy_status: 1, remaining: 2 } });
    expect(page.series).toMatchObject({ seed_hash: series.seed_hash, server_seed: null, pool_size: 2 });
    expect(page.series.pool.map((p: { code: string; weight: number; odds: string }) => [p.code, p.weight, p.odds])).toEqual([
      [items[0]!.code, 1, '0.25'],
      [items[1]!.code, 3, '0.75'],
    ]);
    const other = await makeArtwork(rig);
    const refused = await admin(rig, '/series/pool', { series_id: series.id, item_id: other.id, weight: 1 }).catch((e: Error) => e.message);
    expect(refused).toMatch(/nft_series_locked/);
    const list = await bindBox(rig, 'getBoxList', undefined, { media_type: 'blind_box' }, 'GET');
    expect(list.body.message.data.map((r: { code: string }) => r.code)).toContain(series.code);
  });

  it('sells numbered boxes, opens one with the user\'s seed, and after the end reveals a seed every draw verifies against', async () => {
    const { series, items } = await publishedSeries([60, 30, 10], '10');
    const a = await fundedUser(rig, '20');
    const b = await fundedUser(rig, '10');
    const first = await bindBox(rig, 'buyNFT', a.token, { code: series.code, user_seed: 'lucky' });
    expect(first.body.message).toMatchObject({ media_type: 'blind_box', price: '10', status: 'paid' });
    const boxA = first.body.message.code as string;
    const boxB = (await bindBox(rig, 'buyNFT', b.token, { code: series.code })).body.message.code as string;
    expect(await spot(rig, a.id)).toEqual({ available: '10', frozen: '0' });
    const held = await bindBox(rig, 'getMyNFTs', a.token, { status: 'held' });
    expect(held.body.message.data[0]).toMatchObject({ code: boxA, kind: 'box', box: { opened: false, number: 1, series_code: series.code } });
    const stranger = await makeUser(rig.test);
    expect((await bindBox(rig, 'openBlindBox', stranger.token, { code: boxA })).body.code).toBe('not_found');
    const opened = await bindBox(rig, 'openBlindBox', a.token, { code: boxA, client_id: 'open-1' });
    expect(opened.body.type).toBe('ok');
    const draw = opened.body.message.draw;
    expect(draw).toMatchObject({ box_code: boxA, nonce: 1, user_seed: 'lucky', seed_hash: series.seed_hash, server_seed: null, digest: null, total: 100 });
    expect(items.map((i) => i.code)).toContain(opened.body.message.item_code);
    expect((await bindBox(rig, 'openBlindBox', a.token, { code: boxA })).body.code).toBe('nft_box_opened');
    // The drawn artwork is the opener's, with the box opening in its history.
    const artwork = (await bindBox(rig, 'getBoxDetail', a.token, { code: opened.body.message.item_code }, 'GET')).body.message;
    expect(artwork.owner.self).toBe(true);
    expect(artwork.history.at(-1).reason).toBe('box_open');
    // The end: B's box is opened with the seed given at purchase, the rest of the pool returns, the seed is revealed.
    rig.clock.now = series.end_at;
    await runJobs(rig);
    const boxPage = (await bindBox(rig, 'getBoxDetail', b.token, { code: boxB }, 'GET')).body.message;
    expect(boxPage.box).toMatchObject({ opened: true, number: 2 });
    expect(boxPage.series.server_seed).not.toBeNull();
    expect(sha256Hex(boxPage.series.server_seed)).toBe(series.seed_hash);
    for (const code of [boxA, boxB]) {
      const record = (await bindBox(rig, 'getBoxDetail', undefined, { code }, 'GET')).body.message.draw;
      const check = verifyNftDraw({
        server_seed: record.server_seed,
        server_seed_hash: record.seed_hash,
        user_seed: record.user_seed,
        nonce: record.nonce,
        pool: record.pool,
        item_id: record.item_id,
        point: record.point,
      });
      expect(check).toMatchObject({ hashMatches: true, drawMatches: true });
      expect(record.digest).toBe(check.draw.digest);
    }
    // The second draw was taken from the pool without the first's item.
    const second = (await bindBox(rig, 'getBoxDetail', undefined, { code: boxB }, 'GET')).body.message.draw;
    expect(second.pool.map((p: [number, number]) => p[0])).not.toContain((await bindBox(rig, 'getBoxDetail', undefined, { code: boxA }, 'GET')).body.message.draw.item_id);
    expect((await bindBox(rig, 'buyNFT', a.token, { code: series.code })).body.code).toBe('nft_not_on_sale');
    await expectLedgerBalanced(rig.test);
  });

  it('sells no more boxes than the pool holds (buy status 0 once sold out)', async () => {
    const { series } = await publishedSeries([5]);
    const a = await fundedUser(rig, '100');
    expect((await bindBox(rig, 'buyNFT', a.token, { code: series.code })).body.type).toBe('ok');
    expect((await bindBox(rig, 'buyNFT', a.token, { code: series.code })).body.code).toBe('nft_sold_out');
    expect((await bindBox(rig, 'getBoxDetail', undefined, { code: series.code }, 'GET')).body.message.listing).toMatchObject({ buy_status: 0, remaining: 0 });
    expect((await bindBox(rig, 'buyNFT', a.token, { code: series.code, user_seed: 'no spaces allowed' })).body.code).toBe('parameter_error');
    await expectLedgerBalanced(rig.test);
  });

  it('keeps no plaintext server seed in the database during the sale, draws with the seed fixed at purchase whatever the opener sends, and shows the pool it drew from', async () => {
    const { series, items } = await publishedSeries([70, 25, 5]);
    // During the sale the row holds the hash and a seal only: nothing in it hashes to the published hash.
    const [row] = await rig.test.db.select().from(nftSeries).where(eq(nftSeries.id, series.id));
    expect(row!.serverSeed).toBeNull();
    expect(row!.serverSeedSealed).toMatch(/^v1:/);
    for (const part of row!.serverSeedSealed!.split(':')) expect(sha256Hex(part)).not.toBe(series.seed_hash);
    expect(sha256Hex(rig.test.ctx.nft.options.seedVault.open(row!.serverSeedSealed!))).toBe(series.seed_hash);
    const a = await fundedUser(rig, '10');
    const box = (await bindBox(rig, 'buyNFT', a.token, { code: series.code, user_seed: 'bought-with-this' })).body.message.code as string;
    // The seed of an unopened box is its owner's to see (security finding 10).
    expect((await bindBox(rig, 'getBoxDetail', a.token, { code: box }, 'GET')).body.message.box.user_seed).toBe('bought-with-this');
    expect((await bindBox(rig, 'getBoxDetail', undefined, { code: box }, 'GET')).body.message.box.user_seed).toBeNull();
    // An insider's grind: opening with another seed changes nothing, the purchase seed draws.
    const opened = await bindBox(rig, 'openBlindBox', a.token, { code: box, user_seed: 'insider-55' });
    const draw = opened.body.message.draw;
    expect(draw.user_seed).toBe('bought-with-this');
    // The pool shown with the box is the pool the draw used: the items and weights left at its draw.
    expect(draw.pool).toEqual(items.map((item, i) => [item.id, [70, 25, 5][i]]));
    rig.clock.now = series.end_at;
    await runJobs(rig);
    const [revealed] = await rig.test.db.select().from(nftSeries).where(eq(nftSeries.id, series.id));
    expect(revealed).toMatchObject({ status: 'revealed', serverSeedSealed: null });
    expect(sha256Hex(revealed!.serverSeed!)).toBe(series.seed_hash);
    // The public record verifies with the stand-alone script (node standard library only).
    const record = (await bindBox(rig, 'getBoxDetail', undefined, { code: box }, 'GET')).body.message.draw;
    const script = path.resolve(import.meta.dirname, '../../../../scripts/fairness/verify-blind-box.mjs');
    const argv = ['--seed-hash', series.seed_hash, '--server-seed', record.server_seed, '--user-seed', record.user_seed, '--nonce', String(record.nonce), '--pool', JSON.stringify(record.pool)];
    const report = JSON.parse(execFileSync(process.execPath, [script, ...argv, '--item', String(record.item_id)], { encoding: 'utf8' }));
    expect(report).toMatchObject({ ok: true, checks: { seed_matches_hash: true, item_matches: true }, draw: { point: record.point, item_id: record.item_id } });
    const other = items.map((item) => item.id).find((id) => id !== record.item_id)!;
    expect(() => execFileSync(process.execPath, [script, ...argv, '--item', String(other)], { encoding: 'utf8' })).toThrow();
    await expectLedgerBalanced(rig.test);
  });

  it('refuses to seal a seed in production without NFT_SEED_KEY, and takes a 32-byte key as hex or base64 only', () => {
    const production = seedVaultFor({ key: undefined, production: true, dataDir: '/nonexistent' });
    expect(() => production.seal('seed')).toThrow(expect.objectContaining({ code: 'nft_seed_key_missing' }));
    const hex = seedVaultFor({ key: 'ab'.repeat(32), production: true, dataDir: '/nonexistent' });
    const base64 = seedVaultFor({ key: Buffer.alloc(32, 0xab).toString('base64'), production: true, dataDir: '/nonexistent' });
    expect(base64.open(hex.seal('same key'))).toBe('same key');
    expect(() => seedVaultFor({ key: 'too-short', production: true, dataDir: '/nonexistent' })).toThrow(/NFT_SEED_KEY must be 32 bytes/);
  });
});
