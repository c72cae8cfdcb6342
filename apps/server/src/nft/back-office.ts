/**
 * Back office of the NFT marketplace (/api/admin/nft/*): artists, collections, artworks and their files,
 * the platform's listings (fixed price or auction, withdrawn only before they start), blind-box series
 * (a draft's pool and weights; publishing draws the server seed, publishes its hash and the odds, and
 * opens the box sale; nothing about a series changes after that), the resale review queue, the auction
 * monitor and the settings. Every write is logged with the operator. No call decides a winner, a draw
 * or moves a user's money: those follow from the bids, the seeds and the rules alone.
 */
import {
  fitsCoinUnit,
  NFT_POOL_ITEMS_MAX,
  nftItemCode,
  nftOdds,
  nftSeriesCode,
  toAmountString,
  type Lang,
  type NftAdminArtistRow,
  type NftAdminCollectionRow,
  type NftAdminItemRow,
  type NftAdminItemsInput,
  type NftAdminListingRow,
  type NftAdminListingsInput,
  type NftAdminOverview,
  type NftAdminSeriesRow,
  type NftArtistInput,
  type NftArtworkInput,
  type NftCollectionInput,
  type NftListingInput,
  type NftSeriesInput,
  type NftSettingsInput,
} from '@fairex/contract';
import { and, count, eq, sql } from 'drizzle-orm';
import { logAction, type Operator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { publishedSeed } from './boxes.ts';
import { COVER_KINDS, mediaOfKind } from './media.ts';
import {
  artistById,
  boxesByListingIds,
  collectionById,
  insertArtist,
  insertCollection,
  insertItem,
  insertListing,
  insertSeries,
  insertTransfer,
  listCoins,
  listCollections,
  listSeries,
  lockItem,
  lockListing,
  lockSeries,
  marginTotals,
  mediaById,
  ordersByListingIds,
  pageAdminListings,
  pageArtists,
  pageItems,
  poolOf,
  updateArtist,
  updateCollection,
  updateItem,
  updateListing,
  updateSeries,
  type NftArtist,
  type NftCollection,
  type NftItem,
  type NftSeries,
} from './repository.ts';
import { nftCoins, nftSettings, saveNftSettings } from './settings.ts';
import { nftItems } from './tables.ts';
import { boxView, mediaUrl } from './views.ts';

/** The back office lists every artist and collection on one page, up to this many. */
export const NFT_ADMIN_ROWS_MAX = 500;

const texts = (en: string, zh: string): Record<string, string> => (zh ? { en, zh } : { en });

async function fileName(db: Executor, id: number | null) {
  return id === null ? null : mediaUrl((await mediaById(db, id))?.fileName);
}

function artistRow(artist: NftArtist, avatar: string | null, works: number): NftAdminArtistRow {
  return {
    id: artist.id,
    name_en: artist.name.en ?? '',
    name_zh: artist.name.zh ?? '',
    bio_en: artist.bio.en ?? '',
    bio_zh: artist.bio.zh ?? '',
    avatar_media_id: artist.avatarMediaId,
    avatar,
    enabled: artist.enabled,
    sort: artist.sort,
    demo: artist.demo,
    works,
  };
}

function collectionRow(collection: NftCollection, cover: string | null, items: number): NftAdminCollectionRow {
  return {
    id: collection.id,
    name_en: collection.name.en ?? '',
    name_zh: collection.name.zh ?? '',
    description_en: collection.description.en ?? '',
    description_zh: collection.description.zh ?? '',
    cover_media_id: collection.coverMediaId,
    cover,
    enabled: collection.enabled,
    sort: collection.sort,
    demo: collection.demo,
    items,
  };
}

export function itemRow(item: NftItem, cover: string | null): NftAdminItemRow {
  return {
    id: item.id,
    code: item.code,
    kind: item.kind,
    title_en: item.title.en ?? '',
    title_zh: item.title.zh ?? '',
    description_en: item.description.en ?? '',
    description_zh: item.description.zh ?? '',
    media_type: item.mediaType,
    media_id: item.mediaId,
    cover_media_id: item.coverMediaId,
    cover,
    artist_id: item.artistId,
    collection_id: item.collectionId,
    rarity: item.rarity,
    owner_user_id: item.ownerUserId,
    state: item.state,
    series_id: item.seriesId,
    demo: item.demo,
  };
}

async function seriesRow(db: Executor, series: NftSeries, cover: string | null, currency: string): Promise<NftAdminSeriesRow> {
  const pool = await poolOf(db, series.id);
  const odds = new Map(nftOdds(pool.filter((p) => !p.drawn).map((p) => [p.item.id, p.item.poolWeight ?? 0] as const)).map((o) => [o.itemId, o.odds]));
  return {
    id: series.id,
    code: series.code,
    title_en: series.title.en ?? '',
    title_zh: series.title.zh ?? '',
    description_en: series.description.en ?? '',
    description_zh: series.description.zh ?? '',
    cover_media_id: series.coverMediaId,
    cover: mediaUrl(cover),
    currency_id: series.currencyId,
    currency,
    price: toAmountString(series.price),
    start_at: series.startAt,
    end_at: series.endAt,
    status: series.status,
    seed_hash: series.seedHash,
    boxes_sold: series.boxesSold,
    boxes_opened: series.boxesOpened,
    pool: pool.map((p) => ({
      item_id: p.item.id,
      code: p.item.code,
      title: p.item.title.en ?? '',
      rarity: p.item.rarity ?? 'common',
      weight: p.item.poolWeight ?? 0,
      odds: p.drawn ? '0' : (odds.get(p.item.id) ?? '0'),
      drawn: p.drawn,
    })),
    demo: series.demo,
  };
}

/** GET /api/admin/nft: settings, coins, artists, collections, series with their pools, and the NFT system accounts. */
export async function nftOverview(ctx: Pick<AppContext, 'db'>): Promise<NftAdminOverview> {
  const db = ctx.db;
  const settings = await nftSettings(db);
  const artists = await pageArtists(db, { enabledOnly: false }, 1, NFT_ADMIN_ROWS_MAX);
  const collections = await listCollections(db, false);
  const series = await listSeries(db);
  const balances = await queryRows<{ system: 'auction_margins' | 'nft_sales'; currency: string; balance: string }>(
    db,
    sql`select a.system, c.name as currency, (a.available + a.frozen + a.locked)::text as balance
        from ledger_accounts a join currencies c on c.id = a.currency_id
        where a.system in ('auction_margins', 'nft_sales') order by a.system, c.sort, c.id`,
  );
  return {
    fee_ratio: toAmountString(settings.feeRatio),
    currencies: settings.currencyIds,
    coins: (await listCoins(db)).filter((c) => c.enabled).map((c) => ({ id: c.id, name: c.name, decimals: c.decimals })),
    artists: artists.rows.map((r) => artistRow(r.artist, mediaUrl(r.avatar), r.works)),
    collections: collections.map((r) => collectionRow(r.collection, mediaUrl(r.cover), r.items)),
    series: await Promise.all(series.map((r) => seriesRow(db, r.series, r.cover, r.currency))),
    balances: balances.map((b) => ({ ...b, balance: toAmountString(b.balance) })),
  };
}

export async function saveSettings(ctx: Pick<AppContext, 'db'>, operator: Operator, input: NftSettingsInput) {
  const coins = await listCoins(ctx.db);
  if (!input.currencies.every((id) => coins.some((c) => c.id === id && c.enabled))) throw new DomainError('nft_currency_unavailable');
  await ctx.db.transaction(async (tx) => {
    await saveNftSettings(tx, { feeRatio: input.fee_ratio, currencyIds: input.currencies });
    await logAction(tx, operator.id, 'nft.settings', 'nft', { fee_ratio: input.fee_ratio, currencies: input.currencies });
  });
  return { fee_ratio: toAmountString(input.fee_ratio), currencies: input.currencies };
}

export async function saveArtist(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: NftArtistInput): Promise<NftAdminArtistRow> {
  await mediaOfKind(ctx.db, input.avatar_media_id, COVER_KINDS);
  const values = {
    name: texts(input.name_en, input.name_zh),
    bio: texts(input.bio_en, input.bio_zh),
    avatarMediaId: input.avatar_media_id ?? null,
    enabled: input.enabled,
    sort: input.sort,
  };
  const artist = await ctx.db.transaction(async (tx) => {
    const row = input.id === undefined ? await insertArtist(tx, { ...values, createdAt: ctx.clock() }) : await updateArtist(tx, input.id, values);
    if (!row) throw new DomainError('not_found');
    await logAction(tx, operator.id, input.id === undefined ? 'nft.artist.create' : 'nft.artist.edit', `nft_artist:${row.id}`, { name: input.name_en });
    return row;
  });
  const found = (await artistById(ctx.db, artist.id))!;
  return artistRow(found.artist, mediaUrl(found.avatar), found.works);
}

export async function saveCollection(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: NftCollectionInput): Promise<NftAdminCollectionRow> {
  await mediaOfKind(ctx.db, input.cover_media_id, COVER_KINDS);
  const values = {
    name: texts(input.name_en, input.name_zh),
    description: texts(input.description_en, input.description_zh),
    coverMediaId: input.cover_media_id ?? null,
    enabled: input.enabled,
    sort: input.sort,
  };
  const collection = await ctx.db.transaction(async (tx) => {
    const row = input.id === undefined ? await insertCollection(tx, { ...values, createdAt: ctx.clock() }) : await updateCollection(tx, input.id, values);
    if (!row) throw new DomainError('not_found');
    await logAction(tx, operator.id, input.id === undefined ? 'nft.collection.create' : 'nft.collection.edit', `nft_collection:${row.id}`, { name: input.name_en });
    return row;
  });
  const [items] = await ctx.db.select({ n: count() }).from(nftItems).where(eq(nftItems.collectionId, collection.id));
  return collectionRow(collection, await fileName(ctx.db, collection.coverMediaId), items?.n ?? 0);
}

/**
 * An artwork the platform owns: created with a mint row in its history; edited only while the platform
 * holds it and it is neither listed nor in a pool (a buyer or a published pool has seen it as it is).
 */
export async function saveArtwork(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: NftArtworkInput): Promise<NftAdminItemRow> {
  // A GIF artwork is a GIF file; an image artwork any still image (a GIF too, shown still or not).
  await mediaOfKind(ctx.db, input.media_id, input.media_type === 'image' ? ['image', 'gif'] : [input.media_type]);
  await mediaOfKind(ctx.db, input.cover_media_id, COVER_KINDS);
  if (!(await artistById(ctx.db, input.artist_id))) throw new DomainError('not_found');
  if (input.collection_id !== undefined && !(await collectionById(ctx.db, input.collection_id))) throw new DomainError('not_found');
  const values = {
    title: texts(input.title_en, input.title_zh),
    description: texts(input.description_en, input.description_zh),
    mediaType: input.media_type,
    mediaId: input.media_id,
    coverMediaId: input.cover_media_id,
    artistId: input.artist_id,
    collectionId: input.collection_id ?? null,
    rarity: input.rarity,
  };
  const item = await ctx.db.transaction(async (tx) => {
    const at = ctx.clock();
    let row: NftItem;
    if (input.id === undefined) {
      row = await insertItem(tx, { ...values, kind: 'artwork', ownerUserId: null, state: 'held', createdAt: at }, nftItemCode);
      await insertTransfer(tx, { itemId: row.id, fromUserId: null, toUserId: null, reason: 'mint', at });
    } else {
      const found = await lockItem(tx, input.id);
      if (!found || found.kind !== 'artwork') throw new DomainError('not_found');
      if (found.ownerUserId !== null || found.state !== 'held') throw new DomainError('nft_item_locked');
      row = await updateItem(tx, found.id, values);
    }
    await logAction(tx, operator.id, input.id === undefined ? 'nft.artwork.create' : 'nft.artwork.edit', `nft_item:${row.id}`, { title: input.title_en, media_type: input.media_type });
    return row;
  });
  return itemRow(item, await fileName(ctx.db, item.coverMediaId));
}

export async function searchItems(ctx: Pick<AppContext, 'db'>, input: NftAdminItemsInput) {
  const { rows, total } = await pageItems(ctx.db, { userId: input.user_id, keyword: input.keyword }, input.page, input.limit);
  return { data: rows.map((r) => itemRow(r.item, mediaUrl(r.cover))), total, page: input.page, limit: input.limit };
}

async function nftCoin(tx: Executor, currencyId: number) {
  const coin = (await nftCoins(tx)).find((c) => c.id === currencyId);
  if (!coin) throw new DomainError('nft_currency_unavailable');
  return coin;
}

/** A platform artwork offered at a fixed price or by auction between two times. */
export async function createListing(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: NftListingInput, lang: Lang): Promise<NftAdminListingRow> {
  // A sale that would have ended already sells nothing: refused rather than ended at once by the job.
  if (input.end_at <= ctx.clock()) throw new DomainError('nft_times_invalid');
  const id = await ctx.db.transaction(async (tx) => {
    const coin = await nftCoin(tx, input.currency_id);
    for (const amount of [input.price, input.increment, input.margin]) if (amount !== undefined && !fitsCoinUnit(amount, coin.decimals)) throw new DomainError('wrong_number');
    const item = await lockItem(tx, input.item_id);
    if (!item || item.kind !== 'artwork') throw new DomainError('not_found');
    if (item.ownerUserId !== null || item.state !== 'held') throw new DomainError('nft_item_locked');
    const auction = input.sale_type === 'auction';
    const listing = await insertListing(tx, {
      saleType: input.sale_type,
      itemId: item.id,
      sellerUserId: null,
      currencyId: coin.id,
      price: input.price,
      increment: auction ? input.increment! : null,
      margin: auction ? input.margin! : null,
      feeRatio: (await nftSettings(tx)).feeRatio,
      startAt: input.start_at,
      endAt: input.end_at,
      status: 'on_sale',
      createdAt: ctx.clock(),
    });
    await updateItem(tx, item.id, { state: 'listed' });
    await logAction(tx, operator.id, 'nft.listing.create', `nft_listing:${listing.id}`, { item: item.code, sale_type: input.sale_type, price: input.price });
    return listing.id;
  });
  return (await listingRows(ctx, [id], lang))[0]!;
}

/** Withdraws a platform listing that has not started (no one can have bought, paid a margin or bid). */
export async function cancelListing(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, listingId: number) {
  return ctx.db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (!listing || listing.sellerUserId !== null || listing.itemId === null) throw new DomainError('not_found');
    if (listing.status !== 'on_sale' || listing.startAt === null || ctx.clock() >= listing.startAt) throw new DomainError('nft_listing_started');
    await updateListing(tx, listing.id, { status: 'unsold', endedAt: ctx.clock() });
    await updateItem(tx, listing.itemId, { state: 'held' });
    await logAction(tx, operator.id, 'nft.listing.cancel', `nft_listing:${listing.id}`);
    return { listing_id: listing.id, status: 'unsold' as const };
  });
}

async function draftSeries(tx: Tx, id: number) {
  const series = await lockSeries(tx, id);
  if (!series) throw new DomainError('not_found');
  if (series.status !== 'draft') throw new DomainError('nft_series_locked');
  return series;
}

export async function saveSeries(ctx: Pick<AppContext, 'clock' | 'db'>, operator: Operator, input: NftSeriesInput): Promise<NftAdminSeriesRow> {
  await mediaOfKind(ctx.db, input.cover_media_id, COVER_KINDS);
  const id = await ctx.db.transaction(async (tx) => {
    const coin = await nftCoin(tx, input.currency_id);
    if (!fitsCoinUnit(input.price, coin.decimals)) throw new DomainError('wrong_number');
    const values = {
      title: texts(input.title_en, input.title_zh),
      description: texts(input.description_en, input.description_zh),
      coverMediaId: input.cover_media_id,
      currencyId: coin.id,
      price: input.price,
      startAt: input.start_at,
      endAt: input.end_at,
    };
    let series: NftSeries;
    if (input.id === undefined) series = await insertSeries(tx, { ...values, status: 'draft', createdAt: ctx.clock() }, nftSeriesCode);
    else series = await updateSeries(tx, (await draftSeries(tx, input.id)).id, values);
    await logAction(tx, operator.id, input.id === undefined ? 'nft.series.create' : 'nft.series.edit', `nft_series:${series.id}`, { title: input.title_en, price: input.price });
    return series.id;
  });
  return seriesRowById(ctx, id);
}

async function seriesRowById(ctx: Pick<AppContext, 'db'>, id: number) {
  const found = (await listSeries(ctx.db)).find((r) => r.series.id === id);
  if (!found) throw new DomainError('not_found');
  return seriesRow(ctx.db, found.series, found.cover, found.currency);
}

/** Puts a platform artwork in a draft series' pool with a weight, or changes its weight. */
export async function setPoolItem(ctx: Pick<AppContext, 'db'>, operator: Operator, input: { series_id: number; item_id: number; weight: number }) {
  await ctx.db.transaction(async (tx) => {
    const series = await draftSeries(tx, input.series_id);
    const item = await lockItem(tx, input.item_id);
    if (!item || item.kind !== 'artwork') throw new DomainError('not_found');
    const inThisPool = item.state === 'pooled' && item.seriesId === series.id;
    if (!inThisPool && (item.ownerUserId !== null || item.state !== 'held')) throw new DomainError('nft_item_locked');
    if (!inThisPool) {
      const [pooled] = await tx
        .select({ n: count() })
        .from(nftItems)
        .where(and(eq(nftItems.seriesId, series.id), eq(nftItems.state, 'pooled')));
      if ((pooled?.n ?? 0) >= NFT_POOL_ITEMS_MAX) throw new DomainError('parameter_error');
    }
    await updateItem(tx, item.id, { state: 'pooled', seriesId: series.id, poolWeight: input.weight });
    await logAction(tx, operator.id, 'nft.series.pool', `nft_series:${series.id}`, { item: item.code, weight: input.weight });
  });
  return seriesRowById(ctx, input.series_id);
}

export async function removePoolItem(ctx: Pick<AppContext, 'db'>, operator: Operator, input: { series_id: number; item_id: number }) {
  await ctx.db.transaction(async (tx) => {
    const series = await draftSeries(tx, input.series_id);
    const item = await lockItem(tx, input.item_id);
    if (!item || item.state !== 'pooled' || item.seriesId !== series.id) throw new DomainError('not_found');
    await updateItem(tx, item.id, { state: 'held', seriesId: null, poolWeight: null });
    await logAction(tx, operator.id, 'nft.series.pool_remove', `nft_series:${series.id}`, { item: item.code });
  });
  return seriesRowById(ctx, input.series_id);
}

/**
 * Publishes a draft series: a random server seed is drawn and only its SHA-256 shown, the pool and its
 * odds are fixed, and the box sale opens between the series' times (one box per pool item).
 */
export async function publishSeries(ctx: Pick<AppContext, 'clock' | 'db' | 'nft'>, operator: Operator, seriesId: number) {
  await ctx.db.transaction(async (tx) => {
    const series = await draftSeries(tx, seriesId);
    if (series.endAt <= ctx.clock()) throw new DomainError('nft_times_invalid');
    const [pooled] = await tx
      .select({ n: count() })
      .from(nftItems)
      .where(and(eq(nftItems.seriesId, series.id), eq(nftItems.state, 'pooled')));
    const poolSize = pooled?.n ?? 0;
    if (poolSize === 0) throw new DomainError('nft_pool_empty');
    await nftCoin(tx, series.currencyId);
    // Sealed with the server's key (production refuses here without NFT_SEED_KEY): only the hash in clear.
    await updateSeries(tx, series.id, { status: 'published', ...publishedSeed(ctx.nft.options.seedVault), poolSize });
    const listing = await insertListing(tx, {
      saleType: 'blind_box',
      seriesId: series.id,
      sellerUserId: null,
      currencyId: series.currencyId,
      price: series.price,
      feeRatio: (await nftSettings(tx)).feeRatio,
      startAt: series.startAt,
      endAt: series.endAt,
      status: 'on_sale',
      demo: series.demo,
      createdAt: ctx.clock(),
    });
    await logAction(tx, operator.id, 'nft.series.publish', `nft_series:${series.id}`, { listing: listing.id, pool_size: poolSize });
  });
  return seriesRowById(ctx, seriesId);
}

/** The monitor's rows: listings with their margins held, the winner's order and the review. */
export async function listingRows(ctx: Pick<AppContext, 'clock' | 'db'>, ids: number[], lang: Lang): Promise<NftAdminListingRow[]> {
  const rows = await boxesByListingIds(ctx.db, ids);
  return decorate(ctx, rows, lang);
}

async function decorate(ctx: Pick<AppContext, 'clock' | 'db'>, rows: Awaited<ReturnType<typeof pageAdminListings>>['rows'], lang: Lang): Promise<NftAdminListingRow[]> {
  const ids = rows.map((r) => r.listing.id);
  const margins = await marginTotals(ctx.db, ids);
  const orders = new Map((await ordersByListingIds(ctx.db, ids)).map((o) => [o.listingId, o]));
  const now = ctx.clock();
  return rows.map((row) => {
    const order = orders.get(row.listing.id);
    return {
      ...boxView(row, lang, now),
      seller_user_id: row.listing.sellerUserId,
      item_id: row.listing.itemId,
      series_id: row.listing.seriesId,
      times_days: row.listing.timesDays,
      current_bidder_id: row.listing.currentBidderId,
      margins_held: margins.get(row.listing.id)?.held ?? 0,
      margins_total: toAmountString(margins.get(row.listing.id)?.total ?? '0'),
      order: order ? { id: order.id, buyer_id: order.buyerId, status: order.status, due_at: order.dueAt } : null,
      review_note: row.listing.reviewNote,
      reviewed_at: row.listing.reviewedAt,
      created_at: row.listing.createdAt,
    };
  });
}

/** GET /api/admin/nft/listings: the review queue (status reviewing), the auction monitor (sale type auction), any listing. */
export async function searchListings(ctx: Pick<AppContext, 'clock' | 'db'>, input: NftAdminListingsInput, lang: Lang) {
  const { rows, total } = await pageAdminListings(ctx.db, { status: input.status, saleType: input.sale_type, userId: input.user_id }, input.page, input.limit);
  return { data: await decorate(ctx, rows, lang), total, page: input.page, limit: input.limit };
}
