/**
 * The NFT marketplace's rules (spec sections 4, 5, 9; issue 13): the ones the server sells, bids and draws
 * by and the screens preview and verify with, so both always agree. Amounts are whole multiples of the
 * coin's unit; a seller receives the price less the platform fee, rounded down (DESIGN.md: a user pays
 * rounded up and receives rounded down).
 *
 * Buy status by time (spec section 4), for a sale from `start_at` (inclusive) to `end_at` (exclusive):
 *   before the start 2; between start and end 0 when the flag is 0, else 1; after the end 0.
 *   The flag is 1 while the sale still has something to sell (not sold, boxes left, not withdrawn).
 *   Only status 1 may be bought or bid on ("item not yet on sale or already ended" otherwise).
 *   Examples, start 1000, end 2000: now 999 -> 2; now 1000, flag 1 -> 1; now 1999, flag 0 -> 0;
 *   now 2000, flag 1 -> 0.
 *
 * Auction bids: the first bid is at least the starting price; each later bid at least the current bid
 * plus the increment ("your bid must be higher than the current bid"). Example: start 100, increment 5:
 * first bid >= 100; after a bid of 120, the next must be >= 125.
 *
 * A bid is backed by funds (review 2026-11-27, money finding 5: a 10 USDT margin let anyone bid 1e12
 * and lock an auction): the margin already sits in auction_margins, so a bid freezes its price above the
 * margin in the bidder's spot account (`nftBidHold`), refused as insufficient balance when that is more
 * than they have. The leading bid's hold stays frozen; an outbid one is released at once (so a bidder
 * raising their own lead swaps the old hold for the new); the winner's hold and margin pay the order.
 * Examples, margin 10: a bid of 125 holds 115 (with the margin, 125 is set aside); a bid of 8 holds 0;
 * from a 4,000 USDT account with the margin paid (3,990 left), 999,999,999 needs 999,999,989: refused.
 *
 * Platform fee: proceeds = price x (1 - fee ratio), rounded down to the coin's unit; fee = price - proceeds.
 * Example: 99.99 USDT (6 decimals) at 2.5 %: proceeds 97.49025, fee 2.49975. At 1 unit: 0.000001 at
 * 2.5 % gives proceeds 0 (0.000000975 rounded down) and fee 0.000001.
 *
 * Provably fair blind boxes: before a box series goes on sale the server publishes
 * SHA-256(server seed) (hex). A box's draw takes its series' server seed, the box owner's seed and the
 * box's number (the nonce, 1 for the first box sold):
 *   digest = HMAC-SHA256(key: server seed, message: "<user seed>:<nonce>") (hex)
 *   x      = the first 13 hex digits of the digest (52 bits)
 *   point  = floor(x x total weight / 2^52)
 * and walks the items still in the pool, in their published order (item id), adding up their weights:
 * the drawn item is the first whose running total exceeds the point. The draw records the pool it was
 * taken from; once the sale has ended (every box opened) the server seed is published, and anyone can
 * recompute both the hash and the draw (`verifyNftDraw`, the function the item page runs).
 * Worked example (the test of this module checks it): server seed "fairex-demo-seed", user seed "lucky",
 * nonce 1, pool [[11, 60], [12, 30], [13, 10]] (item id, weight):
 *   published hash = SHA-256("fairex-demo-seed") = c3c5e2a5f442b70df03fd3a4076d627ed795ec74aa67d796d7edcb539d075f6a
 *   digest = HMAC-SHA256("fairex-demo-seed", "lucky:1") = c6e80caad71f4a23917cfd9cc34984e750b14e76ff8aad56746e9bd2ed0bcfd2
 *   x = 0xc6e80caad71f4, total 100, point = floor(x x 100 / 2^52) = 77
 *   running totals 60, 90, 100: 77 < 90, so item 12 is drawn (nonce 2 gives point 67: item 12 again).
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { Decimal } from 'decimal.js';
import { DAY_MS } from './calendar.ts';
import { maxOf, money, toAmountString, type MoneyInput } from './money.ts';

// ================================================================ kinds and states

/** What an item is, as the spec lists the types: image, GIF, audio, video, blind box. */
export const NFT_MEDIA_TYPES = ['image', 'gif', 'audio', 'video', 'blind_box'] as const;
export type NftMediaType = (typeof NFT_MEDIA_TYPES)[number];
/** Uploaded files: each artwork has one of these and a cover image. */
export const NFT_FILE_KINDS = ['image', 'gif', 'audio', 'video'] as const;
export type NftFileKind = (typeof NFT_FILE_KINDS)[number];
/** How a listing sells: a fixed price (normal), an auction with margins, or boxes of a series. */
export const NFT_SALE_TYPES = ['normal', 'auction', 'blind_box'] as const;
export type NftSaleType = (typeof NFT_SALE_TYPES)[number];
export const NFT_RARITIES = ['common', 'rare', 'epic', 'legendary'] as const;
export type NftRarity = (typeof NFT_RARITIES)[number];

/**
 * A listing's life: a user's resale waits for review (reviewing; rejected returns the item); on sale
 * between its times; an auction with a winner waits for payment (awaiting_payment); then sold, or
 * unsold (no buyer, no bid, or an unpaid win: the item is back with its owner).
 */
export const NFT_LISTING_STATUSES = ['reviewing', 'rejected', 'on_sale', 'awaiting_payment', 'sold', 'unsold'] as const;
export type NftListingStatus = (typeof NFT_LISTING_STATUSES)[number];
/** A purchase: an auction win is unpaid until paid or expired; a fixed-price or box purchase is paid at once. */
export const NFT_ORDER_STATUSES = ['unpaid', 'paid', 'expired'] as const;
export type NftOrderStatus = (typeof NFT_ORDER_STATUSES)[number];
/** A bidder's margin: held while the auction runs (and for the winner until paid), then returned or forfeited. */
export const NFT_MARGIN_STATUSES = ['held', 'returned', 'forfeited'] as const;
export type NftMarginStatus = (typeof NFT_MARGIN_STATUSES)[number];
/** Why an item changed hands (its history on the item page). */
export const NFT_TRANSFER_REASONS = ['mint', 'sale', 'resale', 'auction', 'box_purchase', 'box_open'] as const;
export type NftTransferReason = (typeof NFT_TRANSFER_REASONS)[number];
/** The user's NFT lists (getMyNFTs): what they hold, what they are reselling, what they sold. */
export const NFT_MY_TABS = ['held', 'reselling', 'sold'] as const;
export type NftMyTab = (typeof NFT_MY_TABS)[number];
/** The events a user is told about (readNFTOrderMessage); each rendered in the reader's language from its figures. */
export const NFT_MESSAGE_KINDS = [
  'bought',
  'sold',
  'outbid',
  'auction_won',
  'auction_lost',
  'auction_sold',
  'auction_unsold',
  'margin_returned',
  'order_paid',
  'order_expired',
  'margin_forfeited_to_you',
  'resale_approved',
  'resale_rejected',
  'resale_unsold',
  'box_opened',
] as const;
export type NftMessageKind = (typeof NFT_MESSAGE_KINDS)[number];

/** The winner of an auction pays within a day of its end (spec section 9), or forfeits the margin. */
export const NFT_PAY_WINDOW_MS = DAY_MS;
/** A resale runs this many days at most once approved. */
export const NFT_RESALE_DAYS_MAX = 30;
/** A series' pool holds at most this many items (each draw records the pool it was taken from). */
export const NFT_POOL_ITEMS_MAX = 200;
/** A pool item's weight: a whole number, so every draw is exact integer arithmetic. */
export const NFT_POOL_WEIGHT_MAX = 1_000_000;
/** The platform's fee on a user's resale, as a fraction, unless the operator sets another. */
export const NFT_FEE_RATIO_DEFAULT = '0.025';
export const NFT_FEE_RATIO_MAX = 0.5;
/** A user's seed for a draw: 1-64 letters, digits, '-' or '_'. */
export const NFT_SEED_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** Item and series codes: a prefix and a number ("NFT-000012", "BOX-000003", "SER-000001"). */
export const NFT_CODE_PATTERN = /^[A-Z]{3}-\d{6,10}$/;

/** Where the server serves artworks' files (public, like content images: artworks are public pages). */
export const NFT_MEDIA_URL_PREFIX = '/nft-media/';

const pad = (n: number) => String(n).padStart(6, '0');
export const nftItemCode = (id: number) => `NFT-${pad(id)}`;
export const nftBoxCode = (id: number) => `BOX-${pad(id)}`;
export const nftSeriesCode = (id: number) => `SER-${pad(id)}`;

// ================================================================ buy status, bids and fees

/** Spec section 4: 2 before the start, 1 on sale (flag 1) between start and end, 0 otherwise. */
export type NftBuyStatus = 0 | 1 | 2;
export const NFT_BUY_STATUS = { closed: 0, onSale: 1, notStarted: 2 } as const;

export function nftBuyStatus(sale: { start_at: number; end_at: number }, flag: 0 | 1, now: number): NftBuyStatus {
  if (now < sale.start_at) return 2;
  if (now < sale.end_at) return flag === 0 ? 0 : 1;
  return 0;
}

/** The lowest acceptable bid: the starting price before any bid, then the current bid plus the increment. */
export function nftMinimumBid(startPrice: MoneyInput, currentBid: MoneyInput | null, increment: MoneyInput): string {
  return toAmountString(currentBid === null ? money(startPrice) : money(currentBid).plus(increment));
}

/** Whether `price` is an acceptable bid (see nftMinimumBid). */
export const nftBidAcceptable = (price: MoneyInput, startPrice: MoneyInput, currentBid: MoneyInput | null, increment: MoneyInput) =>
  money(price).greaterThanOrEqualTo(nftMinimumBid(startPrice, currentBid, increment));

/** What the seller receives (rounded down to the coin's unit) and the platform's fee (the rest). */
export function nftSellerProceeds(price: MoneyInput, feeRatio: MoneyInput, decimals: number): { proceeds: string; fee: string } {
  const proceeds = money(price).times(money(1).minus(feeRatio)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
  return { proceeds: toAmountString(proceeds), fee: toAmountString(money(price).minus(proceeds)) };
}

/** When a won auction must be paid by: one day after the auction's end is processed (spec section 9). */
/** What a bid freezes: its price above the auction's margin (never below zero). */
export function nftBidHold(price: MoneyInput, margin: MoneyInput): string {
  return maxOf(money(price).minus(margin), 0);
}

export const nftPaymentDueAt = (endedAt: number) => endedAt + NFT_PAY_WINDOW_MS;

/**
 * Who receives the margin of a winner who did not pay in time: the seller, who lost the sale and waited
 * a day for it (as auction houses keep a defaulting buyer's deposit for the consignor) -- the reselling
 * user, or the platform (its nft_sales account) for its own artworks. Examples: seller user 7 -> user 7;
 * no seller user (a platform artwork) -> the platform.
 */
export function nftForfeitRecipient(sellerUserId: number | null): { to: 'seller'; userId: number } | { to: 'platform' } {
  return sellerUserId === null ? { to: 'platform' } : { to: 'seller', userId: sellerUserId };
}

/** Whether an amount is a whole multiple of the coin's unit (at most `decimals` decimals). */
export const fitsCoinUnit = (amount: MoneyInput, decimals: number) => money(amount).decimalPlaces() <= decimals;

// ================================================================ SHA-256 and HMAC (the draw's hash, the same in the browser)

const utf8 = (text: string) => new TextEncoder().encode(text);

// Synchronous hashes from @noble/hashes: the item page verifies a draw wherever it is opened, and the
// browser's WebCrypto is asynchronous and missing outside secure contexts.
export const sha256Hex = (text: string) => bytesToHex(sha256(utf8(text)));

/** HMAC-SHA256 (RFC 2104) of a text under a text key, as hex. */
export const hmacSha256Hex = (key: string, message: string): string => bytesToHex(hmac(sha256, utf8(key), utf8(message)));

// ================================================================ the draw

/** One pool item as a draw sees it: its id and its whole-number weight. */
export type NftPoolEntry = readonly [itemId: number, weight: number];
export type NftDraw = { digest: string; total: number; point: number; itemId: number };

const TWO_POW_52 = BigInt(2) ** BigInt(52);

/** The draw of one box (see the module's comment): deterministic in its four inputs. */
export function nftDraw(serverSeed: string, userSeed: string, nonce: number, pool: readonly NftPoolEntry[]): NftDraw {
  if (pool.length === 0) throw new RangeError('nft draw: the pool is empty');
  const total = pool.reduce((sum, [, weight]) => sum + weight, 0);
  if (!pool.every(([, weight]) => Number.isInteger(weight) && weight > 0) || !Number.isSafeInteger(total)) throw new RangeError('nft draw: weights must be positive integers');
  const digest = hmacSha256Hex(serverSeed, `${userSeed}:${nonce}`);
  const x = BigInt(`0x${digest.slice(0, 13)}`);
  const point = Number((x * BigInt(total)) / TWO_POW_52);
  let running = 0;
  for (const [itemId, weight] of pool) {
    running += weight;
    if (point < running) return { digest, total, point, itemId };
  }
  throw new Error('nft draw: unreachable, point is below the total');
}

/** Each pool item's chance now, as a fraction with up to 6 decimals (the odds the screens publish). */
export function nftOdds(pool: readonly NftPoolEntry[]): { itemId: number; odds: string }[] {
  const total = pool.reduce((sum, [, weight]) => sum + weight, 0);
  return pool.map(([itemId, weight]) => ({ itemId, odds: total === 0 ? '0' : toAmountString(money(weight).dividedBy(total).toDecimalPlaces(6, Decimal.ROUND_HALF_UP)) }));
}

export type NftDrawRecord = {
  server_seed: string;
  server_seed_hash: string;
  user_seed: string;
  nonce: number;
  pool: readonly NftPoolEntry[];
  item_id: number;
  point: number;
};

/**
 * What the item page checks once the server seed is published: the seed hashes to the hash published
 * before the sale, and the recorded pool, seeds and nonce give the recorded point and item.
 */
export function verifyNftDraw(record: NftDrawRecord): { hashMatches: boolean; drawMatches: boolean; draw: NftDraw } {
  const draw = nftDraw(record.server_seed, record.user_seed, record.nonce, record.pool);
  return { hashMatches: sha256Hex(record.server_seed) === record.server_seed_hash, drawMatches: draw.itemId === record.item_id && draw.point === record.point, draw };
}

/** The worked example of the module's comment, computed (the tests pin its figures). */
export const NFT_DRAW_EXAMPLE = { serverSeed: 'fairex-demo-seed', userSeed: 'lucky', nonce: 1, pool: [[11, 60], [12, 30], [13, 10]] as NftPoolEntry[] };
