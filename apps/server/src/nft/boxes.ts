/**
 * Blind boxes, provably fair (nft-rules.ts, "Provably fair blind boxes"). A series is published with the
 * SHA-256 of a random server seed, the seed itself kept only sealed (seed-vault.ts) until the sale's end;
 * a box bought is numbered in sale order and keeps the seed fixed at purchase (its buyer's, or one the
 * CSPRNG made then): opening never takes another one, so nobody (an insider reading the database
 * included) can grind a user seed for the item they want.
 * Opening it (openBlindBox) takes the series' row lock, draws with nftDraw from the artworks still in
 * the pool (id order, their weights), records the draw (seeds, nonce, the pool it was taken from, the
 * point) and gives the drawn artwork to the box's owner, all in one transaction. At the sale's end the
 * series' job opens the boxes still closed (with the seeds their owners gave), returns what is left in
 * the pool to the platform and publishes the server seed, so every draw can be checked and none can be
 * chosen afterwards. No setting, operator call or data other than those four inputs decides a draw.
 */
import { nftDraw, sha256Hex, type NftPoolEntry } from '@fairex/contract';
import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/client.ts';
import type { SeedVault } from './seed-vault.ts';
import { DomainError } from '../http/errors.ts';
import { tell } from './messages.ts';
import {
  insertDraw,
  itemByCode,
  lockItem,
  lockPooled,
  lockSeries,
  lockUnopenedBoxes,
  moveItem,
  returnPooled,
  updateItem,
  updateListing,
  updateSeries,
  type NftItem,
  type NftListing,
  type NftSeries,
} from './repository.ts';

/** A new server seed: 32 random bytes as hex; only its SHA-256 is shown until the series is revealed. */
export const newServerSeed = () => randomBytes(32).toString('hex');

/** A series' published seed columns: its hash in clear, the seed only sealed (no plaintext in the database during the sale). */
export function publishedSeed(vault: SeedVault): Pick<NftSeries, 'serverSeed' | 'serverSeedSealed' | 'seedHash'> {
  const seed = newServerSeed();
  return { serverSeed: null, serverSeedSealed: vault.seal(seed), seedHash: sha256Hex(seed) };
}

/** The server seed to draw with: opened from its seal (a series published before sealing holds it in clear). */
const seedOf = (series: NftSeries, vault: SeedVault) => (series.serverSeedSealed ? vault.open(series.serverSeedSealed) : series.serverSeed!);

/** Draws one box (its series locked by the caller) and gives the drawn artwork to its owner. */
async function drawBox(tx: Tx, series: NftSeries, box: NftItem, vault: SeedVault, at: number): Promise<NftItem> {
  const userSeed = box.userSeed!;
  const pooled = await lockPooled(tx, series.id);
  if (pooled.length === 0) throw new Error(`nft series ${series.id}: box ${box.boxNumber} has nothing left to draw`);
  const pool: NftPoolEntry[] = pooled.map((item) => [item.id, item.poolWeight!]);
  // The pool as it stands at this draw (items and weights left) is recorded with it and shown with the box.
  const draw = nftDraw(seedOf(series, vault), userSeed, box.boxNumber!, pool);
  const drawn = pooled.find((item) => item.id === draw.itemId)!;
  await insertDraw(tx, {
    boxItemId: box.id,
    seriesId: series.id,
    userId: box.ownerUserId!,
    nonce: box.boxNumber!,
    userSeed,
    pool,
    total: draw.total,
    point: draw.point,
    digest: draw.digest,
    itemId: drawn.id,
    drawnAt: at,
  });
  await updateItem(tx, box.id, { state: 'opened' });
  await updateSeries(tx, series.id, { boxesOpened: series.boxesOpened + 1 });
  series.boxesOpened += 1;
  return moveItem(tx, drawn, { toUserId: box.ownerUserId, state: 'held', reason: 'box_open', at });
}

/**
 * openBlindBox: the user's own unopened box, drawn with the seed fixed at its purchase. A seed sent with
 * the call is ignored: letting the opener choose it is what let an insider grind the draw (fairness 4).
 */
export async function openBox(tx: Tx, userId: number, input: { code: string }, vault: SeedVault, now: () => number): Promise<{ box: string; item: string }> {
  const found = await itemByCode(tx, input.code);
  if (!found || found.kind !== 'box' || found.ownerUserId !== userId) throw new DomainError('not_found');
  // The series first, as the series' end takes it before its boxes.
  const series = await lockSeries(tx, found.seriesId!);
  const box = await lockItem(tx, found.id);
  if (!series || !box) throw new DomainError('not_found');
  if (box.state !== 'unopened') throw new DomainError('nft_box_opened');
  const drawn = await drawBox(tx, series, box, vault, now());
  return { box: box.code, item: drawn.code };
}

/**
 * The end of a blind-box sale (its listing locked by the job): the boxes still closed are opened for
 * their owners, what is left in the pool returns to the platform, and the server seed is revealed.
 */
export async function endSeries(tx: Tx, listing: NftListing, vault: SeedVault, at: number) {
  const series = await lockSeries(tx, listing.seriesId!);
  if (!series) throw new Error(`nft listing ${listing.id}: series ${listing.seriesId} not found`);
  const closed = await lockUnopenedBoxes(tx, series.id);
  for (const box of closed) {
    const drawn = await drawBox(tx, series, box, vault, at);
    await tell(tx, { userId: box.ownerUserId!, kind: 'box_opened', at, itemId: drawn.id, seriesId: series.id, listingId: listing.id });
  }
  const returned = await returnPooled(tx, series.id);
  // Revealed in clear, as promised at publishing; the seal has no more secret to keep.
  await updateSeries(tx, series.id, { status: 'revealed', revealedAt: at, serverSeed: seedOf(series, vault), serverSeedSealed: null });
  await updateListing(tx, listing.id, { status: series.boxesSold >= series.poolSize ? 'sold' : 'unsold', endedAt: at });
  return { opened: closed.length, returned };
}
