/**
 * Auctions with margins (spec sections 4, 5, 9):
 *  - marginNFT: a bidder pays the auction's margin from their spot account into the frozen bucket of
 *    the auction_margins system account (the ledger audit checks it equals the margins held), once per
 *    bidder and auction;
 *  - auctionNFT: with a margin held, a bid of at least the current bid plus the increment (the starting
 *    price first), accepted only while the server's clock, read after the listing's row is locked, is
 *    before the end; the bid freezes its price above the margin in the bidder's spot account (refused as
 *    insufficient_balance beyond what they have: nft-rules nftBidHold), the bid it beats is released in
 *    the same transaction and its bidder told;
 *  - the end (a recurring job claiming ended listings with FOR UPDATE SKIP LOCKED): no bid leaves the
 *    item with its owner; otherwise the highest bidder gets an order due one day after the end is
 *    processed, and every other margin is returned, each once (a margin row settles once);
 *  - payNFTOrder before the due time: the winner's margin and bid hold come back and the price is paid to
 *    the seller (less the fee on a resale), the item changes hands: the hold and margin cover the price;
 *  - a win not paid in time (a second job): the margin is forfeited to the seller (the platform's
 *    nft_sales for its own artworks), the bid hold released, and the item stays with its owner.
 * Nothing else decides a winner: the highest accepted bid at the end is the winner.
 */
import { cmp, fitsCoinUnit, isPositive, nftBidAcceptable, nftBidHold, nftForfeitRecipient, nftPaymentDueAt, toAmountString, type Lang, type NftBidView, type NftBoxView, type NftMarginView, type NftMyBidView, type NftOrderView } from '@fairex/contract';
import type { Db, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { freeze, post, systemAccount, unfreeze, userAccount } from '../ledger/index.ts';
import { tell } from './messages.ts';
import {
  boxesByListingIds,
  insertBid,
  insertMargin,
  insertOrder,
  lockHeldBids,
  lockHeldMargins,
  lockItem,
  lockListing,
  lockOrder,
  marginOf,
  moveItem,
  pageBids,
  pageOrders,
  pageUserBids,
  settleBidHold,
  settleMargin,
  updateItem,
  updateListing,
  updateOrder,
  type NftBid,
  type NftListing,
  type NftMargin,
  type NftOrder,
} from './repository.ts';
import { checkOnSale, coinOf, latestListingOfCode, listingOfCode, paySeller } from './sales.ts';
import { bidView, boxView, orderView } from './views.ts';

type Page<T> = { data: T[]; total: number; page: number; limit: number };

const marginRef = (listingId: number, userId: number) => `${listingId}:${userId}`;

async function lockedAuction(tx: Tx, code: string): Promise<NftListing> {
  const found = await listingOfCode(tx, code);
  const listing = await lockListing(tx, found.id);
  if (!listing || listing.saleType !== 'auction') throw new DomainError('nft_not_on_sale');
  return listing;
}

/** marginNFT: pays the auction's margin (once). */
export async function payMargin(tx: Tx, userId: number, code: string, now: () => number): Promise<NftMarginView> {
  const listing = await lockedAuction(tx, code);
  const at = now();
  checkOnSale(listing, null, userId, at);
  const coin = await coinOf(tx, listing.currencyId);
  const amount = listing.margin!;
  if (!(await insertMargin(tx, { listingId: listing.id, userId, currencyId: coin.id, amount, status: 'held', paidAt: at }))) throw new DomainError('nft_margin_paid');
  await post(tx, {
    kind: 'nft_margin',
    refType: 'nft_margin',
    refId: marginRef(listing.id, userId),
    legs: [
      { accountId: await userAccount(tx, userId, coin.id, 'spot'), amount: `-${amount}` },
      { accountId: await systemAccount(tx, 'auction_margins', coin.id), bucket: 'frozen', amount },
    ],
  });
  return { amount: toAmountString(amount), status: 'held', paid_at: at };
}

/** auctionNFT: one bid, judged by the clock after the listing is locked; answers the auction as it now stands. */
export async function bid(tx: Tx, userId: number, input: { code: string; price: string }, lang: Lang, now: () => number): Promise<NftBoxView> {
  const listing = await lockedAuction(tx, input.code);
  const at = now();
  checkOnSale(listing, null, userId, at);
  const margin = await marginOf(tx, listing.id, userId);
  if (!margin || margin.status !== 'held') throw new DomainError('nft_margin_required');
  const coin = await coinOf(tx, listing.currencyId);
  if (!fitsCoinUnit(input.price, coin.decimals)) throw new DomainError('wrong_number');
  if (!nftBidAcceptable(input.price, listing.price, listing.currentBid, listing.increment!)) throw new DomainError('nft_bid_too_low');
  // The bid it beats is released first, so a leader raising their own bid swaps the old hold for the new.
  for (const held of await lockHeldBids(tx, listing.id)) await endBidHold(tx, held, coin.id, 'released');
  const hold = nftBidHold(input.price, margin.amount);
  const placed = await insertBid(tx, { listingId: listing.id, userId, price: input.price, hold, holdStatus: 'held', createdAt: at });
  if (isPositive(hold)) await freeze(tx, await userAccount(tx, userId, coin.id, 'spot'), hold, { kind: 'nft_bid_hold', refType: 'nft_bid', refId: placed.id });
  const beaten = listing.currentBidderId;
  await updateListing(tx, listing.id, { currentBid: input.price, currentBidderId: userId, bidCount: listing.bidCount + 1 });
  if (beaten !== null && beaten !== userId) {
    await tell(tx, { userId: beaten, kind: 'outbid', at, itemId: listing.itemId, listingId: listing.id, figures: { price: input.price, currency: coin.name } });
  }
  const [row] = await boxesByListingIds(tx, [listing.id], userId);
  return boxView(row!, lang, at);
}

/** Ends a bid's hold once: released back to the bidder (outbid, lost, unpaid) or applied to their payment. */
async function endBidHold(tx: Tx, held: NftBid, currencyId: number, status: 'released' | 'applied') {
  if (!(await settleBidHold(tx, held.id, status))) return;
  if (!isPositive(held.hold)) return;
  const kind = status === 'released' ? 'nft_bid_release' : 'nft_bid_apply';
  await unfreeze(tx, await userAccount(tx, held.userId, currencyId, 'spot'), held.hold, { kind, refType: 'nft_bid', refId: held.id });
}

/** Returns a held margin to its bidder (once: the row settles once, the posting names it). */
async function returnMargin(tx: Tx, margin: NftMargin, at: number) {
  if (!(await settleMargin(tx, margin.listingId, margin.userId, 'returned', at))) return false;
  await post(tx, {
    kind: 'nft_margin_return',
    refType: 'nft_margin',
    refId: marginRef(margin.listingId, margin.userId),
    legs: [
      { accountId: await systemAccount(tx, 'auction_margins', margin.currencyId), bucket: 'frozen', amount: `-${margin.amount}` },
      { accountId: await userAccount(tx, margin.userId, margin.currencyId, 'spot'), amount: margin.amount },
    ],
  });
  return true;
}

/**
 * The end of an auction whose end time has come (the listing row locked by the job): the winner's
 * order, or none; every held margin but the winner's returned.
 */
export async function endAuction(tx: Tx, listing: NftListing, at: number) {
  const coin = await coinOf(tx, listing.currencyId);
  const margins = await lockHeldMargins(tx, listing.id);
  const winnerId = listing.currentBidderId;
  // Only the leading bid holds funds; any other still held (none by construction) is released here.
  for (const held of await lockHeldBids(tx, listing.id)) if (held.userId !== winnerId) await endBidHold(tx, held, coin.id, 'released');
  const where = { itemId: listing.itemId, listingId: listing.id };
  if (winnerId === null) {
    await updateListing(tx, listing.id, { status: 'unsold', endedAt: at });
    await updateItem(tx, listing.itemId!, { state: 'held' });
    if (listing.sellerUserId !== null) await tell(tx, { userId: listing.sellerUserId, kind: 'auction_unsold', at, ...where });
  } else {
    const winnerMargin = margins.find((m) => m.userId === winnerId);
    if (!winnerMargin) throw new Error(`nft auction ${listing.id}: the winner has no held margin`);
    const dueAt = nftPaymentDueAt(at);
    const order = await insertOrder(tx, {
      listingId: listing.id,
      itemId: listing.itemId!,
      buyerId: winnerId,
      sellerUserId: listing.sellerUserId,
      currencyId: coin.id,
      price: listing.currentBid!,
      margin: winnerMargin.amount,
      dueAt,
      status: 'unpaid',
      createdAt: at,
    });
    await updateListing(tx, listing.id, { status: 'awaiting_payment', buyerId: winnerId, endedAt: at });
    const figures = { price: listing.currentBid!, margin: winnerMargin.amount, currency: coin.name, due_at: dueAt, order_id: order.id };
    await tell(tx, { userId: winnerId, kind: 'auction_won', at, ...where, figures });
    if (listing.sellerUserId !== null) await tell(tx, { userId: listing.sellerUserId, kind: 'auction_sold', at, ...where, figures });
  }
  let returned = 0;
  for (const margin of margins) {
    if (margin.userId === winnerId) continue;
    if (await returnMargin(tx, margin, at)) returned += 1;
    const bidder = margin.userId;
    await tell(tx, { userId: bidder, kind: winnerId === null ? 'margin_returned' : 'auction_lost', at, ...where, figures: { margin: margin.amount, currency: coin.name } });
  }
  return { winnerId, returned };
}

/** A resale at a fixed price that ended unsold: the item is its owner's to hold (and relist) again. */
export async function endFixedPrice(tx: Tx, listing: NftListing, at: number) {
  await updateListing(tx, listing.id, { status: 'unsold', endedAt: at });
  await updateItem(tx, listing.itemId!, { state: 'held' });
  if (listing.sellerUserId !== null) await tell(tx, { userId: listing.sellerUserId, kind: 'resale_unsold', at, itemId: listing.itemId, listingId: listing.id });
}

/** payNFTOrder: the winner pays before the due time; their margin comes back in the same transaction. */
export async function payOrder(tx: Tx, userId: number, id: number, lang: Lang, now: () => number): Promise<NftOrderView> {
  const order = await lockOrder(tx, id);
  if (!order || order.buyerId !== userId) throw new DomainError('not_found');
  if (order.status !== 'unpaid') throw new DomainError('nft_order_closed');
  const at = now();
  if (at >= order.dueAt!) throw new DomainError('nft_order_expired');
  const listing = (await lockListing(tx, order.listingId))!;
  const item = (await lockItem(tx, order.itemId))!;
  const coin = await coinOf(tx, order.currencyId);
  const margin = await marginOf(tx, listing.id, userId);
  if (margin?.status === 'held') await returnMargin(tx, margin, at);
  // The winning bid's hold, with the margin just returned, covers the price.
  for (const held of await lockHeldBids(tx, listing.id, userId)) await endBidHold(tx, held, coin.id, 'applied');
  const fee = await paySeller(tx, order, listing, coin, 'nft_auction_pay');
  const paid = await updateOrder(tx, order.id, { status: 'paid', fee, paidAt: at });
  const moved = await moveItem(tx, item, { toUserId: userId, state: 'held', reason: 'auction', at, orderId: order.id, price: order.price, currencyId: coin.id });
  await updateListing(tx, listing.id, { status: 'sold' });
  const figures = { price: order.price, currency: coin.name, order_id: order.id };
  await tell(tx, { userId, kind: 'order_paid', at, itemId: item.id, listingId: listing.id, figures });
  if (listing.sellerUserId !== null) await tell(tx, { userId: listing.sellerUserId, kind: 'sold', at, itemId: item.id, listingId: listing.id, figures });
  return orderView({ order: paid, item: moved, listing, coin, cover: null }, lang);
}

/** A win not paid by its due time (the order row locked by the job): margin forfeited, item back with its owner. */
export async function expireOrder(tx: Tx, order: NftOrder, at: number) {
  const listing = (await lockListing(tx, order.listingId))!;
  await lockItem(tx, order.itemId);
  const coin = await coinOf(tx, order.currencyId);
  const margin = await marginOf(tx, listing.id, order.buyerId);
  if (margin?.status === 'held' && (await settleMargin(tx, listing.id, order.buyerId, 'forfeited', at))) {
    const recipient = nftForfeitRecipient(listing.sellerUserId);
    const to = recipient.to === 'platform' ? await systemAccount(tx, 'nft_sales', coin.id) : await userAccount(tx, recipient.userId, coin.id, 'spot');
    await post(tx, {
      kind: 'nft_margin_forfeit',
      refType: 'nft_margin',
      refId: marginRef(listing.id, order.buyerId),
      legs: [
        { accountId: await systemAccount(tx, 'auction_margins', coin.id), bucket: 'frozen', amount: `-${margin.amount}` },
        { accountId: to, amount: margin.amount },
      ],
    });
  }
  for (const held of await lockHeldBids(tx, listing.id, order.buyerId)) await endBidHold(tx, held, coin.id, 'released');
  await updateOrder(tx, order.id, { status: 'expired', expiredAt: at });
  await updateListing(tx, listing.id, { status: 'unsold' });
  await updateItem(tx, order.itemId, { state: 'held' });
  const figures = { price: order.price, margin: order.margin, currency: coin.name, order_id: order.id };
  const where = { itemId: order.itemId, listingId: listing.id };
  await tell(tx, { userId: order.buyerId, kind: 'order_expired', at, ...where, figures });
  if (listing.sellerUserId !== null) await tell(tx, { userId: listing.sellerUserId, kind: 'margin_forfeited_to_you', at, ...where, figures });
}

/** getBindBoxQuotationLog: an auction's bids (its latest auction), newest first, bidders masked, the viewer's own marked. */
export async function bidsOf(db: Db, code: string, viewerId: number | undefined, page: number, limit: number): Promise<Page<NftBidView>> {
  const listing = await latestListingOfCode(db, code, viewerId);
  if (!listing) throw new DomainError('not_found');
  const { rows, total } = await pageBids(db, listing.id, page, limit);
  return { data: rows.map((row) => bidView(row, viewerId)), total, page, limit };
}

/** getMyBindBoxQuotationLog: the user's bids, newest first, each with its auction's state. */
export async function myBids(db: Db, userId: number, lang: Lang, page: number, limit: number, now: number): Promise<Page<NftMyBidView>> {
  const { rows, total } = await pageUserBids(db, userId, page, limit);
  const boxes = new Map((await boxesByListingIds(db, [...new Set(rows.map((r) => r.listingId))])).map((row) => [row.listing.id, row]));
  const data = rows.flatMap((row) => {
    const box = boxes.get(row.listingId);
    if (!box) return [];
    const view = boxView(box, lang, now);
    return [
      {
        id: String(row.id),
        listing_id: row.listingId,
        code: view.code,
        title: view.title,
        cover: view.cover,
        media_type: view.media_type,
        currency: view.currency,
        price: toAmountString(row.price),
        at: row.createdAt,
        leading: box.listing.currentBidderId === userId && box.listing.currentBid !== null && cmp(box.listing.currentBid, row.price) === 0,
        status: box.listing.status,
        end_at: box.listing.endAt,
      },
    ];
  });
  return { data, total, page, limit };
}

/** getNeedPayNFTOrder: the user's wins to pay (or, by status, their other purchases). */
export async function ordersOf(db: Db, userId: number, status: NftOrder['status'] | 'all', lang: Lang, page: number, limit: number): Promise<Page<NftOrderView>> {
  const { rows, total } = await pageOrders(db, userId, status, page, limit);
  return { data: rows.map((row) => orderView(row, lang)), total, page, limit };
}

