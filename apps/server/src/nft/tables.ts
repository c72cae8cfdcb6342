import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, serial, text, boolean, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  NFT_FILE_KINDS,
  NFT_LISTING_STATUSES,
  NFT_MARGIN_STATUSES,
  NFT_MEDIA_TYPES,
  NFT_MESSAGE_KINDS,
  NFT_ORDER_STATUSES,
  NFT_RARITIES,
  NFT_SALE_TYPES,
  NFT_TRANSFER_REASONS,
  type NftPoolEntry,
} from '@fairex/contract';
import { users } from '../accounts/tables.ts';
import { operators } from '../admin/tables.ts';
import { amount } from '../db/columns.ts';
import { currencies } from '../site/tables.ts';

/** Texts per language ({ en, zh, ... }); English is the fallback every row has. */
type Texts = Record<string, string>;

/**
 * The NFT marketplace (migration 0022). Times are epoch milliseconds from the server's clock. Every
 * balance change is a ledger entry naming one of these rows; the ownership of an item is its
 * `owner_user_id` (null: the platform), changed only together with a row of nft_transfers.
 */

/** Files uploaded by operators (artworks' images, GIFs, audio, video and covers), served at /nft-media/. */
export const nftMedia = pgTable('nft_media', {
  id: serial('id').primaryKey(),
  fileName: text('file_name').notNull().unique(),
  kind: text('kind', { enum: NFT_FILE_KINDS }).notNull(),
  mime: text('mime').notNull(),
  bytes: integer('bytes').notNull(),
  operatorId: integer('operator_id').references(() => operators.id),
  uploadedAt: bigint('uploaded_at', { mode: 'number' }).notNull(),
});

export const nftArtists = pgTable('nft_artists', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<Texts>().notNull(),
  bio: jsonb('bio').$type<Texts>().notNull(),
  avatarMediaId: integer('avatar_media_id').references(() => nftMedia.id),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  demo: boolean('demo').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const nftCollections = pgTable('nft_collections', {
  id: serial('id').primaryKey(),
  name: jsonb('name').$type<Texts>().notNull(),
  description: jsonb('description').$type<Texts>().notNull(),
  coverMediaId: integer('cover_media_id').references(() => nftMedia.id),
  enabled: boolean('enabled').notNull().default(true),
  sort: integer('sort').notNull().default(0),
  demo: boolean('demo').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const NFT_SERIES_STATUSES = ['draft', 'published', 'revealed'] as const;

/**
 * A blind-box series: a pool of platform artworks with weights, sold as boxes between two times. Its
 * server seed is drawn when it is published and only its SHA-256 is shown until the sale has ended
 * and every box is opened (then `revealed_at`).
 */
export const nftSeries = pgTable('nft_series', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  title: jsonb('title').$type<Texts>().notNull(),
  description: jsonb('description').$type<Texts>().notNull(),
  coverMediaId: integer('cover_media_id')
    .notNull()
    .references(() => nftMedia.id),
  currencyId: integer('currency_id')
    .notNull()
    .references(() => currencies.id),
  price: amount('price').notNull(),
  startAt: bigint('start_at', { mode: 'number' }).notNull(),
  endAt: bigint('end_at', { mode: 'number' }).notNull(),
  status: text('status', { enum: NFT_SERIES_STATUSES }).notNull().default('draft'),
  /** In clear only once revealed at the sale's end; during the sale the seed exists only sealed (seed-vault.ts). */
  serverSeed: text('server_seed'),
  serverSeedSealed: text('server_seed_sealed'),
  seedHash: text('seed_hash'),
  revealedAt: bigint('revealed_at', { mode: 'number' }),
  poolSize: integer('pool_size').notNull().default(0),
  boxesSold: integer('boxes_sold').notNull().default(0),
  boxesOpened: integer('boxes_opened').notNull().default(0),
  demo: boolean('demo').notNull().default(false),
  createdAt: bigint('created_at', { mode: 'number' }).notNull(),
});

export const NFT_ITEM_STATES = ['held', 'listed', 'pooled', 'unopened', 'opened'] as const;
export type NftItemState = (typeof NFT_ITEM_STATES)[number];

/**
 * An artwork or a box. An artwork is held by its owner, listed (a listing under review or on sale), or
 * pooled (in a published series' pool, waiting to be drawn). A box is unopened until its draw, then
 * opened (what it gave is the artwork its draw names).
 */
export const nftItems = pgTable(
  'nft_items',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    kind: text('kind', { enum: ['artwork', 'box'] }).notNull(),
    title: jsonb('title').$type<Texts>().notNull(),
    description: jsonb('description').$type<Texts>().notNull(),
    mediaType: text('media_type', { enum: NFT_MEDIA_TYPES }).notNull(),
    mediaId: integer('media_id').references(() => nftMedia.id),
    coverMediaId: integer('cover_media_id').references(() => nftMedia.id),
    artistId: integer('artist_id').references(() => nftArtists.id),
    collectionId: integer('collection_id').references(() => nftCollections.id),
    rarity: text('rarity', { enum: NFT_RARITIES }),
    ownerUserId: integer('owner_user_id').references(() => users.id),
    state: text('state', { enum: NFT_ITEM_STATES }).notNull(),
    seriesId: integer('series_id').references(() => nftSeries.id),
    poolWeight: integer('pool_weight'),
    boxNumber: integer('box_number'),
    userSeed: text('user_seed'),
    demo: boolean('demo').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('nft_items_owner_idx').on(t.ownerUserId, t.state),
    index('nft_items_series_idx').on(t.seriesId, t.state),
    uniqueIndex('nft_items_box_number_key').on(t.seriesId, t.boxNumber),
  ],
);

/** A sale: one artwork (normal or auction) or the boxes of one series. */
export const nftListings = pgTable(
  'nft_listings',
  {
    id: serial('id').primaryKey(),
    saleType: text('sale_type', { enum: NFT_SALE_TYPES }).notNull(),
    itemId: integer('item_id').references(() => nftItems.id),
    seriesId: integer('series_id').references(() => nftSeries.id),
    sellerUserId: integer('seller_user_id').references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    price: amount('price').notNull(),
    increment: amount('increment'),
    margin: amount('margin'),
    feeRatio: amount('fee_ratio').notNull(),
    startAt: bigint('start_at', { mode: 'number' }),
    endAt: bigint('end_at', { mode: 'number' }),
    timesDays: integer('times_days'),
    status: text('status', { enum: NFT_LISTING_STATUSES }).notNull(),
    currentBid: amount('current_bid'),
    currentBidderId: integer('current_bidder_id').references(() => users.id),
    bidCount: integer('bid_count').notNull().default(0),
    buyerId: integer('buyer_id').references(() => users.id),
    reviewedBy: integer('reviewed_by').references(() => operators.id),
    reviewedAt: bigint('reviewed_at', { mode: 'number' }),
    reviewNote: text('review_note'),
    endedAt: bigint('ended_at', { mode: 'number' }),
    demo: boolean('demo').notNull().default(false),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('nft_listings_status_idx').on(t.status, t.endAt),
    index('nft_listings_seller_idx').on(t.sellerUserId, t.status),
    uniqueIndex('nft_listings_open_item_key')
      .on(t.itemId)
      .where(sql`${t.status} in ('reviewing', 'on_sale', 'awaiting_payment')`),
  ],
);

export const NFT_BID_HOLD_STATUSES = ['held', 'released', 'applied'] as const;

export const nftBids = pgTable(
  'nft_bids',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => nftListings.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    price: amount('price').notNull(),
    /** What the bid freezes in the bidder's spot account: its price above the margin (nft-rules nftBidHold). */
    hold: amount('hold').notNull().default('0'),
    /** held while the bid leads (or wins, unpaid); released when outbid or at the end; applied to the winner's payment. */
    holdStatus: text('hold_status', { enum: NFT_BID_HOLD_STATUSES }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('nft_bids_listing_idx').on(t.listingId, t.id), index('nft_bids_user_idx').on(t.userId, t.id)],
);

/** One margin per bidder and auction: its key is what makes it paid, returned or forfeited once. */
export const nftMargins = pgTable(
  'nft_margins',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => nftListings.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    amount: amount('amount').notNull(),
    status: text('status', { enum: NFT_MARGIN_STATUSES }).notNull().default('held'),
    paidAt: bigint('paid_at', { mode: 'number' }).notNull(),
    settledAt: bigint('settled_at', { mode: 'number' }),
  },
  (t) => [primaryKey({ name: 'nft_margins_pkey', columns: [t.listingId, t.userId] }), index('nft_margins_held_idx').on(t.currencyId).where(sql`${t.status} = 'held'`)],
);

/** A purchase: paid at once (fixed price, box), or an auction win unpaid until paid or expired. */
export const nftOrders = pgTable(
  'nft_orders',
  {
    id: serial('id').primaryKey(),
    listingId: integer('listing_id')
      .notNull()
      .references(() => nftListings.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => nftItems.id),
    buyerId: integer('buyer_id')
      .notNull()
      .references(() => users.id),
    sellerUserId: integer('seller_user_id').references(() => users.id),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => currencies.id),
    price: amount('price').notNull(),
    fee: amount('fee').notNull().default('0'),
    margin: amount('margin').notNull().default('0'),
    dueAt: bigint('due_at', { mode: 'number' }),
    status: text('status', { enum: NFT_ORDER_STATUSES }).notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
    paidAt: bigint('paid_at', { mode: 'number' }),
    expiredAt: bigint('expired_at', { mode: 'number' }),
  },
  (t) => [
    index('nft_orders_buyer_idx').on(t.buyerId, t.status, t.id),
    index('nft_orders_due_idx').on(t.dueAt).where(sql`${t.status} = 'unpaid'`),
    uniqueIndex('nft_orders_auction_key').on(t.listingId).where(sql`${t.dueAt} is not null`),
  ],
);

/** Every change of an item's owner, with why and for what. */
export const nftTransfers = pgTable(
  'nft_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    itemId: integer('item_id')
      .notNull()
      .references(() => nftItems.id),
    fromUserId: integer('from_user_id').references(() => users.id),
    toUserId: integer('to_user_id').references(() => users.id),
    reason: text('reason', { enum: NFT_TRANSFER_REASONS }).notNull(),
    orderId: integer('order_id').references(() => nftOrders.id),
    price: amount('price'),
    currencyId: integer('currency_id').references(() => currencies.id),
    at: bigint('at', { mode: 'number' }).notNull(),
  },
  (t) => [index('nft_transfers_item_idx').on(t.itemId, t.id), index('nft_transfers_from_idx').on(t.fromUserId, t.id)],
);

/** A box's draw: the pool it was taken from and everything that decided it (the item page verifies it). */
export const nftDraws = pgTable(
  'nft_draws',
  {
    boxItemId: integer('box_item_id')
      .primaryKey()
      .references(() => nftItems.id),
    seriesId: integer('series_id')
      .notNull()
      .references(() => nftSeries.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    nonce: integer('nonce').notNull(),
    userSeed: text('user_seed').notNull(),
    pool: jsonb('pool').$type<NftPoolEntry[]>().notNull(),
    total: integer('total').notNull(),
    point: integer('point').notNull(),
    digest: text('digest').notNull(),
    itemId: integer('item_id')
      .notNull()
      .unique()
      .references(() => nftItems.id),
    drawnAt: bigint('drawn_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('nft_draws_series_idx').on(t.seriesId)],
);

export const nftFavourites = pgTable(
  'nft_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    code: text('code').notNull(),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'nft_favourites_pkey', columns: [t.userId, t.code] })],
);

/** A user's event, written in the transaction of the change; the screens render it from its kind and figures. */
export const nftMessages = pgTable(
  'nft_messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: NFT_MESSAGE_KINDS }).notNull(),
    itemId: integer('item_id').references(() => nftItems.id),
    seriesId: integer('series_id').references(() => nftSeries.id),
    listingId: integer('listing_id').references(() => nftListings.id),
    figures: jsonb('figures').$type<Record<string, string | number>>().notNull(),
    readAt: bigint('read_at', { mode: 'number' }),
    createdAt: bigint('created_at', { mode: 'number' }).notNull(),
  },
  (t) => [index('nft_messages_user_idx').on(t.userId, t.id)],
);
