/**
 * NFT marketplace tests: the app's real database and routes with a clock the test moves (the one edge
 * steered), the catalogue made through the back-office API as an operator would make it, users funded
 * through the ledger, and the end-of-sale jobs run by the service in a transaction of their own.
 */
const HOUR_MS = 3_600_000;
import { accountsOf } from '../../src/ledger/index.ts';
import { NftService } from '../../src/nft/service.ts';
import { coinId, operatorToken } from '../funds/support.ts';
import { call, operatorHeaders, type TestApp } from '../support/app.ts';
import { makeClockedApp, useRig } from '../support/clock.ts';
import { makeFundedUser } from '../support/ledger.ts';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4, 1), Buffer.from('WAVEfmt '), Buffer.alloc(64, 3)]);
export const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(400, 9)]);

export type NftRig = Awaited<ReturnType<typeof nftRig>>;

export async function nftRig(start = Date.parse('2026-11-23T10:00:00Z')) {
  const { test, clock, now } = await makeClockedApp(start);
  const op = await operatorToken(test);
  const errors: unknown[] = [];
  return {
    test,
    clock,
    now,
    op,
    errors,
    usdt: await coinId(test, 'USDT'),
    /** Another NFT service on the same database and clock (a second process). */
    service: () => new NftService(test.db, { now, bus: test.ctx.bus, seedVault: test.ctx.nft.options.seedVault, onError: (error) => errors.push(error) }),
    close: () => test.close(),
  };
}

export const useNftRig = () => useRig(() => nftRig());

/** Posts a multipart file to the back office as an operator would. */
export async function uploadMedia(test: TestApp, token: string, bytes: Buffer, name = 'file.bin') {
  const boundary = `----nft${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const res = await test.app.inject({
    method: 'POST',
    url: '/api/admin/nft/media',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...operatorHeaders(token) },
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
  return res.json() as { type: string; message: any };
}

export async function admin(rig: NftRig, path: string, payload: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') {
  const res = await call(rig.test.app, `/admin/nft${path}`, { token: rig.op, payload, method });
  if (res.body.type !== 'ok') throw new Error(`${path}: ${JSON.stringify(res.body)}`);
  return res.body.message;
}

/** The cover and the artist every test artwork shares, per test app (a module outlives one app when files share a worker). */
const shared = new WeakMap<TestApp, { cover: number; artist: number }>();

/** A platform artwork (a PNG image by default) with its cover, by the back office. */
export async function makeArtwork(rig: NftRig, fields: { media_type?: 'image' | 'audio' | 'video'; rarity?: string; title_en?: string } = {}) {
  let made = shared.get(rig.test);
  if (!made) {
    made = {
      cover: (await uploadMedia(rig.test, rig.op, PNG, 'cover.png')).message.id as number,
      artist: (await admin(rig, '/artists', { name_en: 'Ada Pixel', bio_en: 'Draws with code' })).id as number,
    };
    shared.set(rig.test, made);
  }
  const { cover, artist } = made;
  const type = fields.media_type ?? 'image';
  const file = type === 'image' ? cover : (await uploadMedia(rig.test, rig.op, type === 'audio' ? WAV : MP4)).message.id;
  return (await admin(rig, '/artworks', {
    title_en: fields.title_en ?? 'Blue hour',
    media_type: type,
    media_id: file,
    cover_media_id: cover,
    artist_id: artist,
    rarity: fields.rarity ?? 'rare',
  })) as { id: number; code: string };
}

/** An artwork on sale now at a fixed price (from an hour ago to a day ahead unless told). */
export async function listFixed(rig: NftRig, price = '100', times: { start_at?: number; end_at?: number } = {}) {
  const item = await makeArtwork(rig);
  const listing = await admin(rig, '/listings', {
    item_id: item.id,
    sale_type: 'normal',
    currency_id: rig.usdt,
    price,
    start_at: times.start_at ?? rig.now() - HOUR_MS,
    end_at: times.end_at ?? rig.now() + 24 * HOUR_MS,
  });
  return { item, listing: listing as { id: number; code: string } };
}

/** An auction running now: start 100, increment 5, margin 10, ending in an hour unless told. */
export async function listAuction(rig: NftRig, fields: { price?: string; increment?: string; margin?: string; end_at?: number } = {}) {
  const item = await makeArtwork(rig);
  const listing = await admin(rig, '/listings', {
    item_id: item.id,
    sale_type: 'auction',
    currency_id: rig.usdt,
    price: fields.price ?? '100',
    increment: fields.increment ?? '5',
    margin: fields.margin ?? '10',
    start_at: rig.now() - HOUR_MS,
    end_at: fields.end_at ?? rig.now() + HOUR_MS,
  });
  return { item, listing: listing as { id: number; code: string; end_at: number } };
}

export const fundedUser = (rig: NftRig, amount = '10000') => makeFundedUser(rig.test, rig.usdt, amount);

/** The user's USDT spot figures. */
export async function spot(rig: NftRig, userId: number) {
  const account = (await accountsOf(rig.test.db, userId)).find((a) => a.kind === 'spot' && a.currency_id === rig.usdt);
  return { available: account?.available ?? '0', frozen: account?.frozen ?? '0' };
}

/** A user call under /bind_box/. */
export async function bindBox(rig: NftRig, path: string, token: string | undefined, payload: Record<string, unknown> = {}, method: 'GET' | 'POST' = 'POST') {
  return call(rig.test.app, `/bind_box/${path}`, { token, payload, method });
}

/** Runs the two jobs once, in their own transactions, as the scheduler would. */
export async function runJobs(rig: NftRig, service = rig.test.ctx.nft) {
  const ended = await rig.test.db.transaction((tx) => service.endListings(tx));
  const expired = await rig.test.db.transaction((tx) => service.expireOrders(tx));
  return { ...ended, ...expired };
}
