/**
 * The NFT marketplace (spec sections 3, 4, 5, 7 "NFT (under /bind_box/)"): input schemas and answer
 * shapes of the catalogue, fixed-price sales, auctions with margins, blind boxes, resale, the user's
 * NFTs, records and messages, and the back office. The rules they follow are in nft-rules.ts. Amounts
 * and prices are plain decimal strings; times are epoch milliseconds from the server's clock; names and
 * texts come in the reader's language (English where none was written).
 */
import { z } from 'zod';
import {
  NFT_CODE_PATTERN,
  NFT_FEE_RATIO_MAX,
  NFT_FILE_KINDS,
  NFT_MEDIA_TYPES,
  NFT_MY_TABS,
  NFT_ORDER_STATUSES,
  NFT_POOL_WEIGHT_MAX,
  NFT_RARITIES,
  NFT_RESALE_DAYS_MAX,
  NFT_SALE_TYPES,
  NFT_SEED_PATTERN,
  NFT_LISTING_STATUSES,
  type NftBuyStatus,
  type NftFileKind,
  type NftListingStatus,
  type NftMarginStatus,
  type NftMediaType,
  type NftMessageKind,
  type NftOrderStatus,
  type NftPoolEntry,
  type NftRarity,
  type NftSaleType,
  type NftTransferReason,
} from '../nft-rules.ts';
import { zAmount, zBool, zLimit, zPage, zPositiveInt } from '../validators.ts';

/** NFT lists page by 10 (the spec's page size). */
export const NFT_PAGE_SIZE = 10;
/** The search box's longest keyword. */
export const NFT_KEYWORD_CHARS_MAX = 50;
/** Names, titles and texts the back office writes, at most. */
export const NFT_NAME_CHARS_MAX = 80;
export const NFT_TEXT_CHARS_MAX = 2_000;

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
/** A code of an item or a series ("NFT-000012"); case and blanks forgiven. */
const zNftCode = z
  .string({ error: 'parameter_error' })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => NFT_CODE_PATTERN.test(v), 'parameter_error');
/** A price: above zero, at most 18 whole digits and 18 decimals (the coin's unit is checked by the server). */
const zPrice = zAmount;
/** A plain text an operator writes (never rendered as markup): no angle brackets. */
const zPlain = (max: number, required: boolean) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z
      .string({ error: 'parameter_error' })
      .trim()
      .max(max, 'parameter_error')
      .refine((v) => !/[<>]/.test(v), 'parameter_error')
      .refine((v) => !required || v.length > 0, 'parameter_error'),
  );
const zTime = z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(8_640_000_000_000, 'parameter_error');
/** The spec's sale types by name or by number (1 normal, 2 auction, 3 blind box). */
const zSaleType = z.preprocess(
  (v) => (v === '1' || v === 1 ? 'normal' : v === '2' || v === 2 ? 'auction' : v === '3' || v === 3 ? 'blind_box' : v),
  z.enum(NFT_SALE_TYPES, { error: 'parameter_error' }),
);

// ================================================================ catalogue (public)

/**
 * GET /bind_box/getBoxList: what is or was on sale, on sale first. Filters: currency (coin id), sale
 * type, status (the buy status: 2 not started, 1 on sale, 0 ended), media type, keyword (title, artist,
 * code), artist uid, collection id; `favourite` 1 keeps the logged-in user's favourites.
 */
export const nftBoxListInput = z.object({
  page: zPage,
  limit: zLimit,
  currency: optional(zPositiveInt),
  sale_type: optional(zSaleType),
  status: optional(z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(2, 'parameter_error')),
  media_type: optional(z.enum(NFT_MEDIA_TYPES, { error: 'parameter_error' })),
  keyword: optional(z.string({ error: 'parameter_error' }).trim().max(NFT_KEYWORD_CHARS_MAX, 'parameter_error')),
  artist: optional(zPositiveInt),
  collection: optional(zPositiveInt),
  favourite: optional(zBool),
});
export type NftBoxListInput = z.infer<typeof nftBoxListInput>;

/** GET /bind_box/getBoxDetail: a listing by id, or an item, a box or a series by its code. */
export const nftBoxDetailInput = z
  .object({ id: optional(zPositiveInt), code: optional(zNftCode) })
  .refine((v) => v.id !== undefined || v.code !== undefined, { message: 'parameter_error', path: ['code'] });
export type NftBoxDetailInput = z.infer<typeof nftBoxDetailInput>;

/** GET /bind_box/getArtist (page, optional keyword). */
export const nftArtistListInput = z.object({
  page: zPage,
  limit: zLimit,
  keyword: optional(z.string({ error: 'parameter_error' }).trim().max(NFT_KEYWORD_CHARS_MAX, 'parameter_error')),
});
export type NftArtistListInput = z.infer<typeof nftArtistListInput>;
/** GET /bind_box/getArtistDetail?uid= */
export const nftArtistDetailInput = z.object({ uid: zPositiveInt });

export type NftMediaView = { kind: NftFileKind; url: string; mime: string };
export type NftArtistRef = { uid: number; name: string };
export type NftCollectionRef = { id: number; name: string };

export type NftArtistView = {
  uid: number;
  name: string;
  bio: string;
  avatar: string | null;
  /** Artworks of theirs in the catalogue. */
  works: number;
  /** Seeded by a development start: the app shows its Demo badge (false on every production row). */
  demo: boolean;
};

/** `demo`: seeded by a development start (the app shows its Demo badge). */
export type NftCollectionView = { id: number; name: string; description: string; cover: string | null; items: number; demo: boolean };

export type NftCurrencyView = { id: number; name: string; decimals: number };

/** One entry of getBoxList: a listing and what it sells (an artwork or a blind-box series). */
export type NftBoxView = {
  /** The listing's id (getBoxDetail?id=). */
  id: number;
  /** The artwork's code, or the series' code for a blind box (buyNFT, collect, ...). */
  code: string;
  kind: 'artwork' | 'series';
  title: string;
  media_type: NftMediaType;
  cover: string | null;
  artist: NftArtistRef | null;
  collection: NftCollectionRef | null;
  rarity: NftRarity | null;
  sale_type: NftSaleType;
  currency_id: number;
  currency: string;
  decimals: number;
  /** Fixed price, an auction's starting price, or a box's price. */
  price: string;
  /** Auctions: the current (highest) bid, the increment, the margin to bid, and how many bids. */
  current_bid: string | null;
  increment: string | null;
  margin: string | null;
  bid_count: number;
  /** Null until a resale is approved. */
  start_at: number | null;
  end_at: number | null;
  status: NftListingStatus;
  /** 1 while there is something left to sell (nft-rules.ts). */
  flag: 0 | 1;
  buy_status: NftBuyStatus;
  /** Blind boxes: boxes left to sell. */
  remaining: number | null;
  /** A user's resale (else the platform sells). */
  resale: boolean;
  /** The logged-in user's favourite (null when logged out). */
  favourite: boolean | null;
  /** The artwork or series is demo data of a development start (a resale of a demo artwork stays demo). */
  demo: boolean;
};

export type NftTransferView = {
  reason: NftTransferReason;
  /** Masked user names; null stands for the platform. */
  from: string | null;
  to: string | null;
  price: string | null;
  currency: string | null;
  at: number;
};

export type NftPoolItemView = { id: number; code: string; title: string; rarity: NftRarity; cover: string | null; weight: number; odds: string; drawn: boolean };

export type NftSeriesView = {
  code: string;
  title: string;
  /** SHA-256 of the server seed, published before the sale. */
  seed_hash: string;
  /** The server seed itself, once the sale has ended and every box is opened; null before. */
  server_seed: string | null;
  revealed_at: number | null;
  pool_size: number;
  boxes_sold: number;
  /** Every pool item with its weight and odds as published (odds among the items not drawn yet). */
  pool: NftPoolItemView[];
};

/** A box's draw, with everything needed to verify it once the server seed is published. */
export type NftDrawView = {
  box_code: string;
  series_code: string;
  nonce: number;
  user_seed: string;
  /** The pool the draw was taken from: [item id, weight], in order. */
  pool: NftPoolEntry[];
  point: number;
  total: number;
  digest: string | null;
  item_id: number;
  item_code: string;
  drawn_at: number;
  seed_hash: string;
  server_seed: string | null;
};

export type NftMarginView = { amount: string; status: NftMarginStatus; paid_at: number };

/** GET /bind_box/getBoxDetail. */
export type NftDetailView = {
  code: string;
  kind: 'artwork' | 'box' | 'series';
  title: string;
  description: string;
  media_type: NftMediaType;
  /** The artwork's file (image, GIF, audio or video); null for boxes and series. */
  media: NftMediaView | null;
  cover: string | null;
  artist: NftArtistRef | null;
  collection: NftCollectionRef | null;
  rarity: NftRarity | null;
  /** The current owner: the platform (null), or a user (masked; `self` when it is the viewer). */
  owner: { name: string; self: boolean } | null;
  /** The listing on sale or under way (or the latest one), with the buy status now. */
  listing: NftBoxView | null;
  /** The viewer's margin on that listing's auction, and their unpaid order for it. */
  my_margin: NftMarginView | null;
  my_order: NftOrderView | null;
  /** Artworks: every change of hands, oldest first. */
  history: NftTransferView[];
  /** Series, and boxes (their series). */
  series: NftSeriesView | null;
  /** Boxes: the box number and whether it is opened. */
  box: { number: number; opened: boolean; series_code: string; user_seed: string | null } | null;
  /** An opened box's draw, or the draw that gave this artwork. */
  draw: NftDrawView | null;
  favourite: boolean | null;
  /** The fee a resale would pay now (a fraction), for the owner who may offer the artwork again; null for everyone else. */
  resale_fee_ratio: string | null;
  /** The server's clock, so countdowns follow it rather than the device's. */
  server_time: number;
  /** The artwork, or the series (of a box), is demo data of a development start. */
  demo: boolean;
};

// ================================================================ user calls

/** POST /bind_box/collect (code): toggles a favourite; answers whether it is one now. */
export const nftCodeInput = z.object({ code: zNftCode });
export type NftCodeInput = z.infer<typeof nftCodeInput>;

/** POST /bind_box/buyNFT (code): a fixed-price artwork, or one box of a series (with the user's seed for its draw). */
export const nftBuyInput = z.object({
  code: zNftCode,
  user_seed: optional(z.string({ error: 'parameter_error' }).trim().regex(NFT_SEED_PATTERN, 'parameter_error')),
});
export type NftBuyInput = z.infer<typeof nftBuyInput>;

/** POST /bind_box/auctionNFT (code, price). */
export const nftBidInput = z.object({ code: zNftCode, price: zPrice });
export type NftBidInput = z.infer<typeof nftBidInput>;

/**
 * POST /bind_box/openBlindBox (code): the draw takes the user seed fixed at purchase. No seed is taken at
 * opening (a seed chosen then could be ground for the item wanted: review 2026-11-27, fairness 4).
 */
export const nftOpenInput = nftCodeInput;

/**
 * POST /bind_box/resellNFT: a held artwork offered again, irrevocably, at `price` for `times` days once
 * customer service approves it (its sale runs from the approval); an auction also names its increment
 * and margin.
 */
export const nftResellInput = z
  .object({
    code: zNftCode,
    price: zPrice,
    sale_type: zSaleType.refine((v) => v !== 'blind_box', 'parameter_error'),
    times: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(NFT_RESALE_DAYS_MAX, 'parameter_error'),
    increment: optional(zPrice),
    margin: optional(zPrice),
    /** The coin of the price (getNftCurrency); the first NFT coin when none is named. */
    currency_id: optional(zPositiveInt),
  })
  .refine((v) => v.sale_type !== 'auction' || (v.increment !== undefined && v.margin !== undefined), { message: 'wrong_number', path: ['increment'] });
export type NftResellInput = z.infer<typeof nftResellInput>;

/** POST /bind_box/getMyNFTs (page, status held | reselling | sold). */
export const nftMyListInput = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'held' : v), z.enum(NFT_MY_TABS, { error: 'parameter_error' })),
});
export type NftMyListInput = z.infer<typeof nftMyListInput>;

/** Paged user lists: getMyBindBoxQuotationLog, getNFTOrderMessage. */
export const nftPageInput = z.object({ page: zPage, limit: zLimit });
/** POST /bind_box/getNeedPayNFTOrder: the user's auction wins to pay by default; `status` lists other purchases. */
export const nftOrderListInput = z.object({
  page: zPage,
  limit: zLimit,
  status: z.preprocess((v) => (v === '' || v === null || v === undefined ? 'unpaid' : v), z.enum([...NFT_ORDER_STATUSES, 'all'], { error: 'parameter_error' })),
});
export type NftOrderListInput = z.infer<typeof nftOrderListInput>;
/** POST /bind_box/payNFTOrder (id), /bind_box/readNFTOrderMessage (id). */
export const nftIdInput = z.object({ id: zPositiveInt });

/** POST /bind_box/getBindBoxQuotationLog (code, page): the bids of the item's (or series') latest auction. */
export const nftBidLogInput = z.object({ code: zNftCode, page: zPage, limit: zLimit });
export type NftBidLogInput = z.infer<typeof nftBidLogInput>;

/** GET /bind_box/getArtistDetail: the artist and their listings (on sale first, as getBoxList orders them). */
export type NftArtistDetailView = { artist: NftArtistView; listings: NftBoxView[] };

/** POST /bind_box/collect: whether the code is a favourite now. */
export type NftCollectView = { code: string; favourite: boolean };

/** POST /bind_box/openBlindBox: the box opened, the artwork drawn and the draw's record (verifiable once the seed is revealed). */
export type NftOpenView = {
  box_code: string;
  item_code: string;
  title: string;
  cover: string | null;
  media_type: NftMediaType;
  rarity: NftRarity | null;
  draw: NftDrawView;
};

export type NftBidView = { id: string; bidder: string; self: boolean; price: string; at: number };

/** One of the user's bids (getMyBindBoxQuotationLog). */
export type NftMyBidView = {
  id: string;
  listing_id: number;
  code: string;
  title: string;
  cover: string | null;
  media_type: NftMediaType;
  currency: string;
  price: string;
  at: number;
  /** The bid is the auction's current (highest) one. */
  leading: boolean;
  status: NftListingStatus;
  end_at: number | null;
};

/** A purchase: an auction win to pay (or paid, or expired), a fixed-price or a box purchase. */
export type NftOrderView = {
  id: number;
  listing_id: number;
  code: string;
  title: string;
  cover: string | null;
  media_type: NftMediaType;
  sale_type: NftSaleType;
  currency: string;
  decimals: number;
  price: string;
  /** Auction wins: the margin held, returned when the order is paid (so paying takes price - margin more). */
  margin: string;
  due_at: number | null;
  status: NftOrderStatus;
  created_at: number;
  paid_at: number | null;
};

/** One of the user's NFTs (getMyNFTs). */
export type NftMineView = {
  code: string;
  kind: 'artwork' | 'box';
  title: string;
  media_type: NftMediaType;
  cover: string | null;
  rarity: NftRarity | null;
  artist: NftArtistRef | null;
  /** Boxes: unopened until opened; the series and box number. */
  box: { opened: boolean; number: number; series_code: string } | null;
  /** Reselling: the listing under review or on sale. */
  listing: NftBoxView | null;
  /** Sold: the price, coin and time of the sale. */
  sold: { price: string; currency: string; at: number; reason: NftTransferReason } | null;
  /** A demo artwork of a development start. */
  demo: boolean;
};

export type NftMessageView = {
  id: number;
  kind: NftMessageKind;
  code: string;
  title: string;
  /** The figures the text names: price, margin, currency, due time, listing or order id. */
  figures: { price?: string; margin?: string; currency?: string; due_at?: number; order_id?: number; note?: string };
  read: boolean;
  created_at: number;
};
export type NftMessagePage = { data: NftMessageView[]; total: number; page: number; limit: number; unread: number };

// ================================================================ back office (/api/admin/nft/*)

const nameFields = { name_en: zPlain(NFT_NAME_CHARS_MAX, true), name_zh: zPlain(NFT_NAME_CHARS_MAX, false) };
const zSort = z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(1_000_000, 'parameter_error').default(0);

/** POST /api/admin/nft/artists (create without id, edit with it). */
export const nftArtistInput = z.object({
  id: optional(zPositiveInt),
  ...nameFields,
  bio_en: zPlain(NFT_TEXT_CHARS_MAX, false),
  bio_zh: zPlain(NFT_TEXT_CHARS_MAX, false),
  avatar_media_id: optional(zPositiveInt),
  enabled: zBool.default(true),
  sort: zSort,
});
export type NftArtistInput = z.infer<typeof nftArtistInput>;

/** POST /api/admin/nft/collections. */
export const nftCollectionInput = z.object({
  id: optional(zPositiveInt),
  ...nameFields,
  description_en: zPlain(NFT_TEXT_CHARS_MAX, false),
  description_zh: zPlain(NFT_TEXT_CHARS_MAX, false),
  cover_media_id: optional(zPositiveInt),
  enabled: zBool.default(true),
  sort: zSort,
});
export type NftCollectionInput = z.infer<typeof nftCollectionInput>;

/** POST /api/admin/nft/artworks: an artwork the platform owns (its file of the media type and a cover image). */
export const nftArtworkInput = z.object({
  id: optional(zPositiveInt),
  title_en: zPlain(NFT_NAME_CHARS_MAX, true),
  title_zh: zPlain(NFT_NAME_CHARS_MAX, false),
  description_en: zPlain(NFT_TEXT_CHARS_MAX, false),
  description_zh: zPlain(NFT_TEXT_CHARS_MAX, false),
  media_type: z.enum(NFT_FILE_KINDS, { error: 'parameter_error' }),
  media_id: zPositiveInt,
  cover_media_id: zPositiveInt,
  artist_id: zPositiveInt,
  collection_id: optional(zPositiveInt),
  rarity: z.enum(NFT_RARITIES, { error: 'parameter_error' }),
});
export type NftArtworkInput = z.infer<typeof nftArtworkInput>;

/** POST /api/admin/nft/listings: a platform artwork offered at a fixed price or by auction between two times. */
export const nftListingInput = z
  .object({
    item_id: zPositiveInt,
    sale_type: zSaleType.refine((v) => v !== 'blind_box', 'parameter_error'),
    currency_id: zPositiveInt,
    price: zPrice,
    increment: optional(zPrice),
    margin: optional(zPrice),
    start_at: zTime,
    end_at: zTime,
  })
  .refine((v) => v.end_at > v.start_at, { message: 'nft_times_invalid', path: ['end_at'] })
  .refine((v) => v.sale_type !== 'auction' || (v.increment !== undefined && v.margin !== undefined), { message: 'wrong_number', path: ['increment'] });
export type NftListingInput = z.infer<typeof nftListingInput>;

/** POST /api/admin/nft/listings/cancel: a platform listing withdrawn before it starts (no one can have bid or bought). */
export const nftListingIdInput = z.object({ listing_id: zPositiveInt });

/** POST /api/admin/nft/series: a blind-box series (draft until published). */
export const nftSeriesInput = z
  .object({
    id: optional(zPositiveInt),
    title_en: zPlain(NFT_NAME_CHARS_MAX, true),
    title_zh: zPlain(NFT_NAME_CHARS_MAX, false),
    description_en: zPlain(NFT_TEXT_CHARS_MAX, false),
    description_zh: zPlain(NFT_TEXT_CHARS_MAX, false),
    cover_media_id: zPositiveInt,
    currency_id: zPositiveInt,
    price: zPrice,
    start_at: zTime,
    end_at: zTime,
  })
  .refine((v) => v.end_at > v.start_at, { message: 'nft_times_invalid', path: ['end_at'] });
export type NftSeriesInput = z.infer<typeof nftSeriesInput>;

/** POST /api/admin/nft/series/pool: puts a platform artwork in a draft series' pool with a weight (or changes its weight). */
export const nftPoolInput = z.object({
  series_id: zPositiveInt,
  item_id: zPositiveInt,
  weight: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(NFT_POOL_WEIGHT_MAX, 'parameter_error'),
});
/** POST /api/admin/nft/series/pool/remove, and /series/publish (series_id only). */
export const nftPoolRemoveInput = z.object({ series_id: zPositiveInt, item_id: zPositiveInt });
export const nftSeriesIdInput = z.object({ series_id: zPositiveInt });

/** POST /api/admin/nft/review: a resale approved (on sale from now for its days) or rejected with a reason. */
export const nftReviewInput = z
  .object({
    listing_id: zPositiveInt,
    decision: z.enum(['approve', 'reject'], { error: 'parameter_error' }),
    note: zPlain(500, false),
  })
  .refine((v) => v.decision === 'approve' || v.note.length > 0, { message: 'reason_required', path: ['note'] });
export type NftReviewInput = z.infer<typeof nftReviewInput>;

/** POST /api/admin/nft/settings: the fee on users' resales and the coins NFTs may be priced in (ids). */
export const nftSettingsInput = z.object({
  fee_ratio: z
    .string({ error: 'wrong_number' })
    .trim()
    .regex(/^\d(\.\d{1,6})?$/, 'wrong_number')
    .refine((v) => Number(v) <= NFT_FEE_RATIO_MAX, 'wrong_number'),
  currencies: z
    .string({ error: 'parameter_error' })
    .trim()
    .regex(/^\d{1,9}(,\d{1,9}){0,19}$/, 'parameter_error')
    .transform((v) => [...new Set(v.split(',').map(Number))]),
});
export type NftSettingsInput = z.infer<typeof nftSettingsInput>;

/** GET /api/admin/nft/listings: by status, sale type, seller (user id) or item. */
export const nftAdminListingsInput = z.object({
  page: zPage,
  limit: zLimit,
  status: optional(z.enum(NFT_LISTING_STATUSES, { error: 'parameter_error' })),
  sale_type: optional(zSaleType),
  user_id: optional(zPositiveInt),
});
export type NftAdminListingsInput = z.infer<typeof nftAdminListingsInput>;
/** GET /api/admin/nft/items: the artworks and boxes, by owner or keyword. */
export const nftAdminItemsInput = z.object({
  page: zPage,
  limit: zLimit,
  user_id: optional(zPositiveInt),
  keyword: optional(z.string({ error: 'parameter_error' }).trim().max(NFT_KEYWORD_CHARS_MAX, 'parameter_error')),
});
export type NftAdminItemsInput = z.infer<typeof nftAdminItemsInput>;
/** GET /api/admin/nft/media (page). */
export const nftAdminPageInput = z.object({ page: zPage, limit: zLimit });

export type NftAdminMediaRow = { id: number; kind: NftFileKind; url: string; mime: string; bytes: number; uploaded_at: number };
export type NftAdminArtistRow = { id: number; name_en: string; name_zh: string; bio_en: string; bio_zh: string; avatar_media_id: number | null; avatar: string | null; enabled: boolean; sort: number; demo: boolean; works: number };
export type NftAdminCollectionRow = {
  id: number;
  name_en: string;
  name_zh: string;
  description_en: string;
  description_zh: string;
  cover_media_id: number | null;
  cover: string | null;
  enabled: boolean;
  sort: number;
  demo: boolean;
  items: number;
};
export type NftAdminItemRow = {
  id: number;
  code: string;
  kind: 'artwork' | 'box';
  title_en: string;
  title_zh: string;
  description_en: string;
  description_zh: string;
  media_type: NftMediaType;
  media_id: number | null;
  cover_media_id: number | null;
  cover: string | null;
  artist_id: number | null;
  collection_id: number | null;
  rarity: NftRarity | null;
  owner_user_id: number | null;
  state: string;
  series_id: number | null;
  demo: boolean;
};
export type NftAdminListingRow = NftBoxView & {
  seller_user_id: number | null;
  item_id: number | null;
  series_id: number | null;
  times_days: number | null;
  current_bidder_id: number | null;
  margins_held: number;
  margins_total: string;
  order: { id: number; buyer_id: number; status: NftOrderStatus; due_at: number | null } | null;
  review_note: string | null;
  reviewed_at: number | null;
  created_at: number;
};
export type NftAdminSeriesRow = {
  id: number;
  code: string;
  title_en: string;
  title_zh: string;
  description_en: string;
  description_zh: string;
  cover_media_id: number;
  cover: string | null;
  currency_id: number;
  currency: string;
  price: string;
  start_at: number;
  end_at: number;
  status: 'draft' | 'published' | 'revealed';
  seed_hash: string | null;
  boxes_sold: number;
  boxes_opened: number;
  pool: { item_id: number; code: string; title: string; rarity: NftRarity; weight: number; odds: string; drawn: boolean }[];
  demo: boolean;
};
export type NftAdminOverview = {
  fee_ratio: string;
  currencies: number[];
  coins: NftCurrencyView[];
  artists: NftAdminArtistRow[];
  collections: NftAdminCollectionRow[];
  series: NftAdminSeriesRow[];
  /** What the system accounts hold per coin: margins held, and the platform's proceeds. */
  balances: { system: 'auction_margins' | 'nft_sales'; currency: string; balance: string }[];
};
