/** The NFT marketplace: the only place its SQL is written. */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { NftBoxListInput, NftMyTab } from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { queryRows, type Executor, type Tx } from '../db/client.ts';
import { currencies } from '../site/tables.ts';
import {
  nftArtists,
  nftBids,
  nftCollections,
  nftDraws,
  nftFavourites,
  nftItems,
  nftListings,
  nftMargins,
  nftMedia,
  nftMessages,
  nftOrders,
  nftSeries,
  nftTransfers,
  type NftItemState,
} from './tables.ts';

export type NftItem = typeof nftItems.$inferSelect;
export type NftListing = typeof nftListings.$inferSelect;
export type NftSeries = typeof nftSeries.$inferSelect;
export type NftOrder = typeof nftOrders.$inferSelect;
export type NftMargin = typeof nftMargins.$inferSelect;
export type NftArtist = typeof nftArtists.$inferSelect;
export type NftCollection = typeof nftCollections.$inferSelect;
export type NftMedia = typeof nftMedia.$inferSelect;
export type NftDraw = typeof nftDraws.$inferSelect;
export type NftMessage = typeof nftMessages.$inferSelect;
export type NftTransfer = typeof nftTransfers.$inferSelect;
export type Coin = { id: number; name: string; decimals: number; enabled: boolean };

const coinColumns = { id: currencies.id, name: currencies.name, decimals: currencies.decimals, enabled: currencies.enabled };
const cover = alias(nftMedia, 'cover');
const file = alias(nftMedia, 'file');

/** Listings the public sees: a resale under review or refused is its seller's alone. */
export const PUBLIC_LISTING_STATUSES = ['on_sale', 'awaiting_payment', 'sold', 'unsold'] as const;
/** Listings that hold their item (at most one per item, by the unique index). */
export const OPEN_LISTING_STATUSES = ['reviewing', 'on_sale', 'awaiting_payment'] as const;

// ---------------------------------------------------------------- coins

export async function coinById(db: Executor, id: number): Promise<Coin | undefined> {
  const [row] = await db.select(coinColumns).from(currencies).where(eq(currencies.id, id)).limit(1);
  return row;
}

export function coinsByIds(db: Executor, ids: readonly number[]): Promise<Coin[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select(coinColumns).from(currencies).where(inArray(currencies.id, [...ids])).orderBy(asc(currencies.sort), asc(currencies.id));
}

export function listCoins(db: Executor): Promise<Coin[]> {
  return db.select(coinColumns).from(currencies).orderBy(asc(currencies.sort), asc(currencies.id));
}

export async function coinByName(db: Executor, name: string): Promise<Coin | undefined> {
  const [row] = await db.select(coinColumns).from(currencies).where(eq(currencies.name, name)).limit(1);
  return row;
}

// ---------------------------------------------------------------- media

export async function insertMedia(db: Executor, values: typeof nftMedia.$inferInsert): Promise<NftMedia> {
  const [row] = await db.insert(nftMedia).values(values).returning();
  return row!;
}

export async function deleteMedia(db: Executor, fileName: string) {
  await db.delete(nftMedia).where(eq(nftMedia.fileName, fileName));
}

export async function mediaById(db: Executor, id: number): Promise<NftMedia | undefined> {
  const [row] = await db.select().from(nftMedia).where(eq(nftMedia.id, id)).limit(1);
  return row;
}

export function mediaByIds(db: Executor, ids: readonly number[]): Promise<NftMedia[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(nftMedia).where(inArray(nftMedia.id, [...ids]));
}

export async function pageMedia(db: Executor, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    db.select().from(nftMedia).orderBy(desc(nftMedia.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(nftMedia),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- artists and collections

export type ArtistRow = { artist: NftArtist; avatar: string | null; works: number };

const artistWorks = sql<number>`(select count(*)::int from ${nftItems} i where i.artist_id = ${nftArtists.id} and i.kind = 'artwork')`;

export async function pageArtists(db: Executor, filter: { enabledOnly: boolean; keyword?: string }, page: number, limit: number) {
  const where = and(
    filter.enabledOnly ? eq(nftArtists.enabled, true) : undefined,
    filter.keyword ? sql`${nftArtists.name}::text ilike ${`%${escapeLike(filter.keyword)}%`}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ artist: nftArtists, avatar: cover.fileName, works: artistWorks })
      .from(nftArtists)
      .leftJoin(cover, eq(cover.id, nftArtists.avatarMediaId))
      .where(where)
      .orderBy(asc(nftArtists.sort), asc(nftArtists.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftArtists).where(where),
  ]);
  return { rows: rows as ArtistRow[], total: total?.n ?? 0 };
}

export async function artistById(db: Executor, id: number): Promise<ArtistRow | undefined> {
  const [row] = await db
    .select({ artist: nftArtists, avatar: cover.fileName, works: artistWorks })
    .from(nftArtists)
    .leftJoin(cover, eq(cover.id, nftArtists.avatarMediaId))
    .where(eq(nftArtists.id, id))
    .limit(1);
  return row as ArtistRow | undefined;
}

export async function insertArtist(db: Executor, values: typeof nftArtists.$inferInsert): Promise<NftArtist> {
  const [row] = await db.insert(nftArtists).values(values).returning();
  return row!;
}

export async function updateArtist(db: Executor, id: number, values: Partial<typeof nftArtists.$inferInsert>): Promise<NftArtist | undefined> {
  const [row] = await db.update(nftArtists).set(values).where(eq(nftArtists.id, id)).returning();
  return row;
}

export type CollectionRow = { collection: NftCollection; cover: string | null; items: number };

const collectionItems = sql<number>`(select count(*)::int from ${nftItems} i where i.collection_id = ${nftCollections.id} and i.kind = 'artwork')`;

export async function listCollections(db: Executor, enabledOnly: boolean): Promise<CollectionRow[]> {
  const rows = await db
    .select({ collection: nftCollections, cover: cover.fileName, items: collectionItems })
    .from(nftCollections)
    .leftJoin(cover, eq(cover.id, nftCollections.coverMediaId))
    .where(enabledOnly ? eq(nftCollections.enabled, true) : undefined)
    .orderBy(asc(nftCollections.sort), asc(nftCollections.id));
  return rows as CollectionRow[];
}

export async function collectionById(db: Executor, id: number): Promise<NftCollection | undefined> {
  const [row] = await db.select().from(nftCollections).where(eq(nftCollections.id, id)).limit(1);
  return row;
}

export async function insertCollection(db: Executor, values: typeof nftCollections.$inferInsert): Promise<NftCollection> {
  const [row] = await db.insert(nftCollections).values(values).returning();
  return row!;
}

export async function updateCollection(db: Executor, id: number, values: Partial<typeof nftCollections.$inferInsert>): Promise<NftCollection | undefined> {
  const [row] = await db.update(nftCollections).set(values).where(eq(nftCollections.id, id)).returning();
  return row;
}

// ---------------------------------------------------------------- items

/** The next id of a serial table, drawn before the insert so the row's code can name it. */
async function nextId(db: Executor, table: 'nft_items' | 'nft_series'): Promise<number> {
  const [row] = await queryRows<{ id: string }>(db, sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::text as id`);
  return Number(row!.id);
}

export async function insertItem(db: Executor, values: Omit<typeof nftItems.$inferInsert, 'code' | 'id'>, codeOf: (id: number) => string): Promise<NftItem> {
  const id = await nextId(db, 'nft_items');
  const [row] = await db.insert(nftItems).values({ ...values, id, code: codeOf(id) }).returning();
  return row!;
}

export async function itemById(db: Executor, id: number): Promise<NftItem | undefined> {
  const [row] = await db.select().from(nftItems).where(eq(nftItems.id, id)).limit(1);
  return row;
}

export async function itemByCode(db: Executor, code: string): Promise<NftItem | undefined> {
  const [row] = await db.select().from(nftItems).where(eq(nftItems.code, code)).limit(1);
  return row;
}

export function itemsByIds(db: Executor, ids: readonly number[]): Promise<NftItem[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.select().from(nftItems).where(inArray(nftItems.id, [...ids]));
}

/** The item row locked until the transaction ends (every change of its owner or state takes it). */
export async function lockItem(tx: Tx, id: number): Promise<NftItem | undefined> {
  const [row] = await tx.select().from(nftItems).where(eq(nftItems.id, id)).for('update');
  return row;
}

export async function lockItemByCode(tx: Tx, code: string): Promise<NftItem | undefined> {
  const [row] = await tx.select().from(nftItems).where(eq(nftItems.code, code)).for('update');
  return row;
}

export async function updateItem(tx: Executor, id: number, values: Partial<typeof nftItems.$inferInsert>): Promise<NftItem> {
  const [row] = await tx.update(nftItems).set(values).where(eq(nftItems.id, id)).returning();
  return row!;
}

/** Moves an item to a new owner and state, with its history row: the one way ownership changes. */
export async function moveItem(
  tx: Tx,
  item: NftItem,
  move: { toUserId: number | null; state: NftItemState } & Omit<TransferFields, 'itemId' | 'fromUserId' | 'toUserId'>,
): Promise<NftItem> {
  await insertTransfer(tx, { ...move, itemId: item.id, fromUserId: item.ownerUserId });
  return updateItem(tx, item.id, { ownerUserId: move.toUserId, state: move.state });
}

type TransferFields = { itemId: number; fromUserId: number | null; toUserId: number | null; reason: NftTransfer['reason']; at: number; orderId?: number; price?: string; currencyId?: number };

/** A row of an item's history: a mint (platform to platform), or an item created in its first owner's hands (a box). */
export async function insertTransfer(tx: Tx, row: TransferFields) {
  await tx.insert(nftTransfers).values({
    itemId: row.itemId,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    reason: row.reason,
    orderId: row.orderId ?? null,
    price: row.price ?? null,
    currencyId: row.currencyId ?? null,
    at: row.at,
  });
}

export type AdminItemFilter = { userId?: number; keyword?: string };

export async function pageItems(db: Executor, filter: AdminItemFilter, page: number, limit: number) {
  const where = and(
    filter.userId === undefined ? undefined : eq(nftItems.ownerUserId, filter.userId),
    filter.keyword ? or(sql`${nftItems.title}::text ilike ${`%${escapeLike(filter.keyword)}%`}`, eq(nftItems.code, filter.keyword.toUpperCase())) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ item: nftItems, cover: cover.fileName })
      .from(nftItems)
      .leftJoin(cover, eq(cover.id, nftItems.coverMediaId))
      .where(where)
      .orderBy(desc(nftItems.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftItems).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** An item's history, oldest first, with the masked parties' accounts. */
export function transfersOf(db: Executor, itemId: number) {
  const from = alias(users, 'from_user');
  const to = alias(users, 'to_user');
  return db
    .select({ transfer: nftTransfers, from: from.account, to: to.account, currency: currencies.name })
    .from(nftTransfers)
    .leftJoin(from, eq(from.id, nftTransfers.fromUserId))
    .leftJoin(to, eq(to.id, nftTransfers.toUserId))
    .leftJoin(currencies, eq(currencies.id, nftTransfers.currencyId))
    .where(eq(nftTransfers.itemId, itemId))
    .orderBy(asc(nftTransfers.id));
}

export async function accountOf(db: Executor, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ account: users.account }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.account;
}

// ---------------------------------------------------------------- the user's NFTs

const itemColumns = { item: nftItems, cover: cover.fileName, artistName: nftArtists.name, seriesCode: nftSeries.code };

/** getMyNFTs: held (artworks held and boxes unopened), reselling (listed), sold (sales from the user). */
export async function pageMine(db: Executor, userId: number, tab: NftMyTab, page: number, limit: number) {
  if (tab === 'sold') {
    const where = and(eq(nftTransfers.fromUserId, userId), inArray(nftTransfers.reason, ['sale', 'resale', 'auction']));
    const [rows, [total]] = await Promise.all([
      db
        .select({ ...itemColumns, transfer: nftTransfers, currency: currencies.name })
        .from(nftTransfers)
        .innerJoin(nftItems, eq(nftItems.id, nftTransfers.itemId))
        .leftJoin(cover, eq(cover.id, nftItems.coverMediaId))
        .leftJoin(nftArtists, eq(nftArtists.id, nftItems.artistId))
        .leftJoin(nftSeries, eq(nftSeries.id, nftItems.seriesId))
        .leftJoin(currencies, eq(currencies.id, nftTransfers.currencyId))
        .where(where)
        .orderBy(desc(nftTransfers.id))
        .limit(limit)
        .offset((page - 1) * limit),
      db.select({ n: count() }).from(nftTransfers).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  }
  const states: NftItemState[] = tab === 'held' ? ['held', 'unopened'] : ['listed'];
  const where = and(eq(nftItems.ownerUserId, userId), inArray(nftItems.state, states));
  const [rows, [total]] = await Promise.all([
    db
      .select(itemColumns)
      .from(nftItems)
      .leftJoin(cover, eq(cover.id, nftItems.coverMediaId))
      .leftJoin(nftArtists, eq(nftArtists.id, nftItems.artistId))
      .leftJoin(nftSeries, eq(nftSeries.id, nftItems.seriesId))
      .where(where)
      .orderBy(desc(nftItems.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftItems).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, transfer: null, currency: null })), total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- series and pools

export async function insertSeries(db: Executor, values: Omit<typeof nftSeries.$inferInsert, 'code' | 'id'>, codeOf: (id: number) => string): Promise<NftSeries> {
  const id = await nextId(db, 'nft_series');
  const [row] = await db.insert(nftSeries).values({ ...values, id, code: codeOf(id) }).returning();
  return row!;
}

export async function seriesById(db: Executor, id: number): Promise<NftSeries | undefined> {
  const [row] = await db.select().from(nftSeries).where(eq(nftSeries.id, id)).limit(1);
  return row;
}

export async function seriesByCode(db: Executor, code: string): Promise<NftSeries | undefined> {
  const [row] = await db.select().from(nftSeries).where(eq(nftSeries.code, code)).limit(1);
  return row;
}

export async function lockSeries(tx: Tx, id: number): Promise<NftSeries | undefined> {
  const [row] = await tx.select().from(nftSeries).where(eq(nftSeries.id, id)).for('update');
  return row;
}

export async function updateSeries(db: Executor, id: number, values: Partial<typeof nftSeries.$inferInsert>): Promise<NftSeries> {
  const [row] = await db.update(nftSeries).set(values).where(eq(nftSeries.id, id)).returning();
  return row!;
}

export function listSeries(db: Executor) {
  return db.select({ series: nftSeries, cover: cover.fileName, currency: currencies.name }).from(nftSeries).leftJoin(cover, eq(cover.id, nftSeries.coverMediaId)).innerJoin(currencies, eq(currencies.id, nftSeries.currencyId)).orderBy(desc(nftSeries.id));
}

/** Every artwork ever in a series' pool (pooled, or drawn: its draw names the series), in published order (id). */
export function poolOf(db: Executor, seriesId: number) {
  return db
    .select({ item: nftItems, cover: cover.fileName, drawn: sql<boolean>`exists (select 1 from ${nftDraws} d where d.item_id = ${nftItems.id})` })
    .from(nftItems)
    .leftJoin(cover, eq(cover.id, nftItems.coverMediaId))
    .where(and(eq(nftItems.seriesId, seriesId), eq(nftItems.kind, 'artwork'), isNotNull(nftItems.poolWeight)))
    .orderBy(asc(nftItems.id));
}

/** The artworks still in the pool (not drawn), in id order, rows locked (a draw takes one of them). */
export function lockPooled(tx: Tx, seriesId: number): Promise<NftItem[]> {
  return tx
    .select()
    .from(nftItems)
    .where(and(eq(nftItems.seriesId, seriesId), eq(nftItems.state, 'pooled')))
    .orderBy(asc(nftItems.id))
    .for('update');
}

/** A series' unopened boxes, locked, by box number (the series' end opens them). */
export function lockUnopenedBoxes(tx: Tx, seriesId: number): Promise<NftItem[]> {
  return tx
    .select()
    .from(nftItems)
    .where(and(eq(nftItems.seriesId, seriesId), eq(nftItems.kind, 'box'), eq(nftItems.state, 'unopened')))
    .orderBy(asc(nftItems.boxNumber))
    .for('update');
}

/** After a series' end: what is left in its pool goes back to the platform's holdings (its weight stays as history). */
export async function returnPooled(tx: Tx, seriesId: number): Promise<number> {
  const rows = await tx
    .update(nftItems)
    .set({ state: 'held' })
    .where(and(eq(nftItems.seriesId, seriesId), eq(nftItems.state, 'pooled')))
    .returning({ id: nftItems.id });
  return rows.length;
}

export async function insertDraw(tx: Tx, values: typeof nftDraws.$inferInsert) {
  await tx.insert(nftDraws).values(values);
}

/** The draw of a box, or the draw that gave an artwork. */
export async function drawOf(db: Executor, by: { boxItemId: number } | { itemId: number }): Promise<NftDraw | undefined> {
  const where = 'boxItemId' in by ? eq(nftDraws.boxItemId, by.boxItemId) : eq(nftDraws.itemId, by.itemId);
  const [row] = await db.select().from(nftDraws).where(where).limit(1);
  return row;
}

// ---------------------------------------------------------------- listings

export async function insertListing(tx: Executor, values: typeof nftListings.$inferInsert): Promise<NftListing> {
  const [row] = await tx.insert(nftListings).values(values).returning();
  return row!;
}

export async function listingById(db: Executor, id: number): Promise<NftListing | undefined> {
  const [row] = await db.select().from(nftListings).where(eq(nftListings.id, id)).limit(1);
  return row;
}

/** The listing row locked until the transaction ends: purchases, bids and the end all take it first. */
export async function lockListing(tx: Tx, id: number): Promise<NftListing | undefined> {
  const [row] = await tx.select().from(nftListings).where(eq(nftListings.id, id)).for('update');
  return row;
}

export async function updateListing(tx: Executor, id: number, values: Partial<typeof nftListings.$inferInsert>): Promise<NftListing> {
  const [row] = await tx.update(nftListings).set(values).where(eq(nftListings.id, id)).returning();
  return row!;
}

/** The item's listing that holds it (under review, on sale or awaiting payment), if any. */
export async function openListingOfItem(db: Executor, itemId: number): Promise<NftListing | undefined> {
  const [row] = await db
    .select()
    .from(nftListings)
    .where(and(eq(nftListings.itemId, itemId), inArray(nftListings.status, [...OPEN_LISTING_STATUSES])))
    .limit(1);
  return row;
}

/** The item's (or series') latest listing the viewer may see: public ones, and the seller's own reviews. */
export async function latestListingOf(db: Executor, target: { itemId: number } | { seriesId: number }, viewerId: number | undefined): Promise<NftListing | undefined> {
  const visible = or(
    inArray(nftListings.status, [...PUBLIC_LISTING_STATUSES]),
    viewerId === undefined ? undefined : eq(nftListings.sellerUserId, viewerId),
  );
  const [row] = await db
    .select()
    .from(nftListings)
    .where(and('itemId' in target ? eq(nftListings.itemId, target.itemId) : eq(nftListings.seriesId, target.seriesId), visible))
    .orderBy(desc(nftListings.id))
    .limit(1);
  return row;
}

/** Listings on sale whose end has come, the earliest first, locked (rows another run holds are skipped). */
export function claimEndedListings(tx: Tx, now: number, limit: number): Promise<NftListing[]> {
  return tx
    .select()
    .from(nftListings)
    .where(and(eq(nftListings.status, 'on_sale'), lte(nftListings.endAt, now)))
    .orderBy(asc(nftListings.endAt), asc(nftListings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** A listing as a list entry shows it: with its item or series, coin, artist, collection and cover. */
export type BoxRow = {
  listing: NftListing;
  item: NftItem | null;
  series: NftSeries | null;
  coin: Coin;
  artistName: Record<string, string> | null;
  collectionName: Record<string, string> | null;
  cover: string | null;
  favourite: boolean | null;
};

/** The buy status in SQL, as nft-rules.ts decides it: 2 before the start, 1 on sale with something left, else 0. */
const buyStatusSql = (now: number) => sql<number>`case
  when ${nftListings.status} = 'on_sale' and ${nftListings.startAt} > ${now}::bigint then 2
  when ${nftListings.status} = 'on_sale' and ${nftListings.endAt} > ${now}::bigint
    and (${nftListings.saleType} <> 'blind_box' or ${nftSeries.boxesSold} < ${nftSeries.poolSize}) then 1
  else 0 end`;

function boxSelect(db: Executor, userId: number | undefined) {
  return db
    .select({
      listing: nftListings,
      item: nftItems,
      series: nftSeries,
      coin: coinColumns,
      artistName: nftArtists.name,
      collectionName: nftCollections.name,
      cover: cover.fileName,
      favourite:
        userId === undefined
          ? sql<null>`null`
          : sql<boolean>`exists (select 1 from ${nftFavourites} f where f.user_id = ${userId} and f.code = coalesce(${nftItems.code}, ${nftSeries.code}))`,
    })
    .from(nftListings)
    .leftJoin(nftItems, eq(nftItems.id, nftListings.itemId))
    .leftJoin(nftSeries, eq(nftSeries.id, nftListings.seriesId))
    .innerJoin(currencies, eq(currencies.id, nftListings.currencyId))
    .leftJoin(nftArtists, eq(nftArtists.id, nftItems.artistId))
    .leftJoin(nftCollections, eq(nftCollections.id, nftItems.collectionId))
    .leftJoin(cover, eq(cover.id, sql`coalesce(${nftItems.coverMediaId}, ${nftSeries.coverMediaId})`));
}

function boxFilter(filter: Omit<NftBoxListInput, 'page' | 'limit'>, now: number, userId: number | undefined): SQL | undefined {
  const keyword = filter.keyword ? `%${escapeLike(filter.keyword)}%` : undefined;
  return and(
    inArray(nftListings.status, [...PUBLIC_LISTING_STATUSES]),
    filter.currency === undefined ? undefined : eq(nftListings.currencyId, filter.currency),
    filter.sale_type === undefined ? undefined : eq(nftListings.saleType, filter.sale_type),
    filter.status === undefined ? undefined : sql`${buyStatusSql(now)} = ${filter.status}`,
    filter.media_type === undefined
      ? undefined
      : filter.media_type === 'blind_box'
        ? eq(nftListings.saleType, 'blind_box')
        : eq(nftItems.mediaType, filter.media_type),
    filter.artist === undefined ? undefined : eq(nftItems.artistId, filter.artist),
    filter.collection === undefined ? undefined : eq(nftItems.collectionId, filter.collection),
    keyword === undefined
      ? undefined
      : or(
          sql`${nftItems.title}::text ilike ${keyword}`,
          sql`${nftSeries.title}::text ilike ${keyword}`,
          sql`${nftArtists.name}::text ilike ${keyword}`,
          sql`coalesce(${nftItems.code}, ${nftSeries.code}) ilike ${keyword}`,
        ),
    filter.favourite && userId !== undefined
      ? sql`exists (select 1 from ${nftFavourites} f where f.user_id = ${userId} and f.code = coalesce(${nftItems.code}, ${nftSeries.code}))`
      : filter.favourite
        ? sql`false`
        : undefined,
  );
}

/** getBoxList: on sale first, then not started, then ended; newest first within each. */
export async function pageBoxes(db: Executor, filter: NftBoxListInput, now: number, userId: number | undefined) {
  const where = boxFilter(filter, now, userId);
  const rank = sql`case ${buyStatusSql(now)} when 1 then 0 when 2 then 1 else 2 end`;
  const [rows, [total]] = await Promise.all([
    boxSelect(db, userId)
      .where(where)
      .orderBy(rank, desc(nftListings.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db
      .select({ n: count() })
      .from(nftListings)
      .leftJoin(nftItems, eq(nftItems.id, nftListings.itemId))
      .leftJoin(nftSeries, eq(nftSeries.id, nftListings.seriesId))
      .leftJoin(nftArtists, eq(nftArtists.id, nftItems.artistId))
      .where(where),
  ]);
  return { rows: rows as BoxRow[], total: total?.n ?? 0 };
}

/** Listings by id with their item or series (detail pages, my bids, the back office). */
export async function boxesByListingIds(db: Executor, ids: readonly number[], userId?: number): Promise<BoxRow[]> {
  if (ids.length === 0) return [];
  return (await boxSelect(db, userId).where(inArray(nftListings.id, [...ids]))) as BoxRow[];
}

export type AdminListingFilter = { status?: NftListing['status']; saleType?: NftListing['saleType']; userId?: number };

export async function pageAdminListings(db: Executor, filter: AdminListingFilter, page: number, limit: number) {
  const where = and(
    filter.status === undefined ? undefined : eq(nftListings.status, filter.status),
    filter.saleType === undefined ? undefined : eq(nftListings.saleType, filter.saleType),
    filter.userId === undefined ? undefined : eq(nftListings.sellerUserId, filter.userId),
  );
  const [rows, [total]] = await Promise.all([
    boxSelect(db, undefined)
      .where(where)
      .orderBy(desc(nftListings.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftListings).where(where),
  ]);
  return { rows: rows as BoxRow[], total: total?.n ?? 0 };
}

// ---------------------------------------------------------------- bids and margins

export async function insertBid(tx: Tx, values: typeof nftBids.$inferInsert) {
  const [row] = await tx.insert(nftBids).values(values).returning();
  return row!;
}

export type NftBid = typeof nftBids.$inferSelect;

/** A listing's bids whose hold is still frozen (the leading one, or the unpaid winner's), locked. */
export function lockHeldBids(tx: Tx, listingId: number, userId?: number): Promise<NftBid[]> {
  const where = and(eq(nftBids.listingId, listingId), eq(nftBids.holdStatus, 'held'), userId === undefined ? undefined : eq(nftBids.userId, userId));
  return tx.select().from(nftBids).where(where).orderBy(asc(nftBids.id)).for('update');
}

/** Ends a held bid's hold (released or applied); false when it was no longer held, so it settles once. */
export async function settleBidHold(tx: Tx, id: number, status: 'released' | 'applied'): Promise<boolean> {
  const rows = await tx
    .update(nftBids)
    .set({ holdStatus: status })
    .where(and(eq(nftBids.id, id), eq(nftBids.holdStatus, 'held')))
    .returning({ id: nftBids.id });
  return rows.length === 1;
}

/**
 * The audit's nft_bids_backed check: a leading bid of an auction on sale, or an unpaid auction win,
 * without its bidder's held bid at that price freezing the price above the margin. Each offender is the
 * listing, the bidder and the price that nothing backs.
 */
export function selectUnbackedBids(db: Executor, limit: number) {
  return queryRows<{ listing_id: number; user_id: number; price: string; order_id: number | null }>(
    db,
    sql`
    with owed as (
      select l.id as listing_id, l.current_bidder_id as user_id, l.current_bid as price, l.margin, null::int as order_id
      from nft_listings l
      where l.sale_type = 'auction' and l.status = 'on_sale' and l.current_bidder_id is not null
      union all
      select o.listing_id, o.buyer_id, o.price, o.margin, o.id
      from nft_orders o
      where o.status = 'unpaid' and o.due_at is not null)
    select w.listing_id, w.user_id, w.price::text as price, w.order_id
    from owed w
    where not exists (
      select 1 from nft_bids b
      where b.listing_id = w.listing_id and b.user_id = w.user_id and b.price = w.price and b.hold_status = 'held'
        and b.hold = greatest(w.price - coalesce(w.margin, 0), 0))
    order by w.listing_id limit ${limit}`,
  );
}

/** A listing's bids, newest first, with the bidders' accounts. */
export async function pageBids(db: Executor, listingId: number, page: number, limit: number) {
  const where = eq(nftBids.listingId, listingId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ bid: nftBids, account: users.account })
      .from(nftBids)
      .innerJoin(users, eq(users.id, nftBids.userId))
      .where(where)
      .orderBy(desc(nftBids.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftBids).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The user's bids, newest first, with their listings. */
export async function pageUserBids(db: Executor, userId: number, page: number, limit: number) {
  const where = eq(nftBids.userId, userId);
  const [rows, [total]] = await Promise.all([
    db.select().from(nftBids).where(where).orderBy(desc(nftBids.id)).limit(limit).offset((page - 1) * limit),
    db.select({ n: count() }).from(nftBids).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Inserts a held margin; false when the user already has one on this auction (its key). */
export async function insertMargin(tx: Tx, values: typeof nftMargins.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(nftMargins).values(values).onConflictDoNothing().returning({ userId: nftMargins.userId });
  return rows.length === 1;
}

export async function marginOf(db: Executor, listingId: number, userId: number): Promise<NftMargin | undefined> {
  const [row] = await db
    .select()
    .from(nftMargins)
    .where(and(eq(nftMargins.listingId, listingId), eq(nftMargins.userId, userId)))
    .limit(1);
  return row;
}

/** The held margins of an auction, locked, in user order. */
export function lockHeldMargins(tx: Tx, listingId: number): Promise<NftMargin[]> {
  return tx
    .select()
    .from(nftMargins)
    .where(and(eq(nftMargins.listingId, listingId), eq(nftMargins.status, 'held')))
    .orderBy(asc(nftMargins.userId))
    .for('update');
}

/** Settles one held margin (returned or forfeited); false when it was no longer held, so it settles once. */
export async function settleMargin(tx: Tx, listingId: number, userId: number, status: 'returned' | 'forfeited', at: number): Promise<boolean> {
  const rows = await tx
    .update(nftMargins)
    .set({ status, settledAt: at })
    .where(and(eq(nftMargins.listingId, listingId), eq(nftMargins.userId, userId), eq(nftMargins.status, 'held')))
    .returning({ userId: nftMargins.userId });
  return rows.length === 1;
}

/** Per listing: margins held and their total (the auction monitor). */
export async function marginTotals(db: Executor, listingIds: readonly number[]): Promise<Map<number, { held: number; total: string }>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: nftMargins.listingId, held: count(), total: sql<string>`coalesce(sum(${nftMargins.amount}), 0)::text` })
    .from(nftMargins)
    .where(and(inArray(nftMargins.listingId, [...listingIds]), eq(nftMargins.status, 'held')))
    .groupBy(nftMargins.listingId);
  return new Map(rows.map((r) => [r.listingId, { held: r.held, total: r.total }]));
}

// ---------------------------------------------------------------- orders

export async function insertOrder(tx: Tx, values: typeof nftOrders.$inferInsert): Promise<NftOrder> {
  const [row] = await tx.insert(nftOrders).values(values).returning();
  return row!;
}

export async function lockOrder(tx: Tx, id: number): Promise<NftOrder | undefined> {
  const [row] = await tx.select().from(nftOrders).where(eq(nftOrders.id, id)).for('update');
  return row;
}

export async function updateOrder(tx: Tx, id: number, values: Partial<typeof nftOrders.$inferInsert>): Promise<NftOrder> {
  const [row] = await tx.update(nftOrders).set(values).where(eq(nftOrders.id, id)).returning();
  return row!;
}

/** The viewer's unpaid order for a listing (the win they have to pay). */
export async function unpaidOrderOf(db: Executor, listingId: number, buyerId: number): Promise<NftOrder | undefined> {
  const [row] = await db
    .select()
    .from(nftOrders)
    .where(and(eq(nftOrders.listingId, listingId), eq(nftOrders.buyerId, buyerId), eq(nftOrders.status, 'unpaid')))
    .limit(1);
  return row;
}

export function ordersByListingIds(db: Executor, listingIds: readonly number[]): Promise<NftOrder[]> {
  if (listingIds.length === 0) return Promise.resolve([]);
  return db.select().from(nftOrders).where(and(inArray(nftOrders.listingId, [...listingIds]), isNotNull(nftOrders.dueAt)));
}

export type OrderRow = { order: NftOrder; item: NftItem; listing: NftListing; coin: Coin; cover: string | null };

export async function pageOrders(db: Executor, buyerId: number, status: NftOrder['status'] | 'all', page: number, limit: number) {
  const where = and(eq(nftOrders.buyerId, buyerId), status === 'all' ? undefined : eq(nftOrders.status, status));
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: nftOrders, item: nftItems, listing: nftListings, coin: coinColumns, cover: cover.fileName })
      .from(nftOrders)
      .innerJoin(nftItems, eq(nftItems.id, nftOrders.itemId))
      .innerJoin(nftListings, eq(nftListings.id, nftOrders.listingId))
      .innerJoin(currencies, eq(currencies.id, nftOrders.currencyId))
      .leftJoin(cover, eq(cover.id, sql`coalesce(${nftItems.coverMediaId}, (select s.cover_media_id from ${nftSeries} s where s.id = ${nftItems.seriesId}))`))
      .where(where)
      .orderBy(desc(nftOrders.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftOrders).where(where),
  ]);
  return { rows: rows as OrderRow[], total: total?.n ?? 0 };
}

/** Unpaid auction orders past their due time, the earliest first, locked (rows another run holds are skipped). */
export function claimExpiredOrders(tx: Tx, now: number, limit: number): Promise<NftOrder[]> {
  return tx
    .select()
    .from(nftOrders)
    .where(and(eq(nftOrders.status, 'unpaid'), lte(nftOrders.dueAt, now)))
    .orderBy(asc(nftOrders.dueAt), asc(nftOrders.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

// ---------------------------------------------------------------- favourites

/** Adds the favourite, or removes it when it was one; answers whether it is one now. */
export async function toggleFavourite(tx: Tx, userId: number, code: string, at: number): Promise<boolean> {
  const removed = await tx
    .delete(nftFavourites)
    .where(and(eq(nftFavourites.userId, userId), eq(nftFavourites.code, code)))
    .returning({ code: nftFavourites.code });
  if (removed.length > 0) return false;
  await tx.insert(nftFavourites).values({ userId, code, createdAt: at }).onConflictDoNothing();
  return true;
}

export async function isFavourite(db: Executor, userId: number, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: nftFavourites.code })
    .from(nftFavourites)
    .where(and(eq(nftFavourites.userId, userId), eq(nftFavourites.code, code)))
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- messages

export async function insertMessage(tx: Executor, values: typeof nftMessages.$inferInsert) {
  await tx.insert(nftMessages).values(values);
}

export async function pageMessages(db: Executor, userId: number, page: number, limit: number) {
  const where = eq(nftMessages.userId, userId);
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select({ message: nftMessages, itemTitle: nftItems.title, itemCode: nftItems.code, seriesTitle: nftSeries.title, seriesCode: nftSeries.code })
      .from(nftMessages)
      .leftJoin(nftItems, eq(nftItems.id, nftMessages.itemId))
      .leftJoin(nftSeries, eq(nftSeries.id, nftMessages.seriesId))
      .where(where)
      .orderBy(desc(nftMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(nftMessages).where(where),
    db
      .select({ n: count() })
      .from(nftMessages)
      .where(and(where, isNull(nftMessages.readAt))),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

/** Marks the user's own message read (once); false when it is not theirs. */
export async function markMessageRead(db: Executor, userId: number, id: number, at: number): Promise<boolean> {
  const [row] = await db.select({ readAt: nftMessages.readAt }).from(nftMessages).where(and(eq(nftMessages.id, id), eq(nftMessages.userId, userId))).limit(1);
  if (!row) return false;
  if (row.readAt === null) await db.update(nftMessages).set({ readAt: at }).where(and(eq(nftMessages.id, id), isNull(nftMessages.readAt)));
  return true;
}

// ---------------------------------------------------------------- demo

export async function demoArtistCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(nftArtists).where(eq(nftArtists.demo, true));
  return row?.n ?? 0;
}

/** Text for ILIKE: its wildcards taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

