/**
 * Buying (POST /bind_box/buyNFT): a fixed-price artwork or one box of a blind-box series. Everything
 * happens in one transaction with the listing's row locked first: the buy status is judged by the
 * server's clock after the lock, the buyer pays from their spot account, the seller (the platform's
 * nft_sales account, or a reselling user less the platform fee) is paid, and the item changes hands with
 * its history row. Two buyers racing for one artwork: the second finds it sold and moves no money.
 */
import { isPositive, nftBoxCode, nftBuyStatus, nftSellerProceeds, type Lang, type NftOrderView } from '@fairex/contract';
import { randomBytes } from 'node:crypto';
import type { Executor, Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { post, systemAccount, userAccount, type Leg } from '../ledger/index.ts';
import { tell } from './messages.ts';
import {
  coinById,
  insertItem,
  insertOrder,
  insertTransfer,
  itemByCode,
  latestListingOf,
  lockItem,
  lockListing,
  lockSeries,
  moveItem,
  openListingOfItem,
  seriesByCode,
  updateListing,
  updateSeries,
  type Coin,
  type NftItem,
  type NftListing,
  type NftOrder,
  type NftSeries,
} from './repository.ts';
import { listingFlag, orderView } from './views.ts';

/** The listing a code names: an artwork's open listing, or a series' box sale. 'not_found' when none. */
export async function listingOfCode(db: Executor, code: string): Promise<NftListing> {
  const item = await itemByCode(db, code);
  const listing = item ? await openListingOfItem(db, item.id) : await latestListingOfCode(db, code, undefined);
  if (!listing) throw new DomainError(item ? 'nft_not_on_sale' : 'not_found');
  return listing;
}

/** The latest listing of an item or a series the viewer may see (sellers see their own under review). */
export async function latestListingOfCode(db: Executor, code: string, viewerId: number | undefined): Promise<NftListing | undefined> {
  const item = await itemByCode(db, code);
  if (item) return latestListingOf(db, { itemId: item.id }, viewerId);
  const series = await seriesByCode(db, code);
  return series ? latestListingOf(db, { seriesId: series.id }, viewerId) : undefined;
}

/** Refuses unless the locked listing can be bought or bid on now (buy status 1) by someone other than its seller. */
export function checkOnSale(listing: NftListing, series: NftSeries | null, userId: number, now: number) {
  const open = listing.startAt !== null && listing.endAt !== null && nftBuyStatus({ start_at: listing.startAt, end_at: listing.endAt }, listingFlag(listing, series), now) === 1;
  if (!open) {
    // A series on sale whose boxes are all sold says so, rather than "not on sale".
    const soldOut = listing.status === 'on_sale' && series !== null && series.boxesSold >= series.poolSize && listing.startAt! <= now && now < listing.endAt!;
    throw new DomainError(soldOut ? 'nft_sold_out' : 'nft_not_on_sale');
  }
  if (listing.sellerUserId === userId) throw new DomainError('nft_own_item');
}

export async function coinOf(tx: Tx, id: number): Promise<Coin> {
  const coin = await coinById(tx, id);
  if (!coin) throw new Error(`nft: coin ${id} not found`);
  return coin;
}

/**
 * Pays a seller for an order: the buyer's spot account gives the price; the platform's artworks pay
 * nft_sales in full, a user's resale pays the seller the price less the fee (rounded down) and the
 * fee to `fees`. Answers the fee.
 */
export async function paySeller(tx: Tx, order: Pick<NftOrder, 'id' | 'buyerId' | 'sellerUserId' | 'price'>, listing: NftListing, coin: Coin, kind: 'nft_buy' | 'nft_auction_pay'): Promise<string> {
  const legs: Leg[] = [{ accountId: await userAccount(tx, order.buyerId, coin.id, 'spot'), amount: `-${order.price}` }];
  let fee = '0';
  if (order.sellerUserId === null) {
    legs.push({ accountId: await systemAccount(tx, 'nft_sales', coin.id), amount: order.price });
  } else {
    const split = nftSellerProceeds(order.price, listing.feeRatio, coin.decimals);
    fee = split.fee;
    if (isPositive(split.proceeds)) legs.push({ accountId: await userAccount(tx, order.sellerUserId, coin.id, 'spot'), amount: split.proceeds });
    if (isPositive(fee)) legs.push({ accountId: await systemAccount(tx, 'fees', coin.id), amount: fee });
  }
  await post(tx, { kind, refType: 'nft_order', refId: order.id, legs });
  return fee;
}

/** A random seed for a box bought without one (the owner may give their own when opening it). */
export const randomSeed = () => randomBytes(8).toString('hex');

/** buyNFT: the whole purchase in `tx`; answers the order (the artwork, or the box bought). */
export async function buy(tx: Tx, userId: number, input: { code: string; user_seed?: string }, lang: Lang, now: () => number): Promise<NftOrderView> {
  const found = await listingOfCode(tx, input.code);
  const listing = await lockListing(tx, found.id);
  if (!listing) throw new DomainError('not_found');
  if (listing.saleType === 'auction') throw new DomainError('nft_not_on_sale');
  const series = listing.seriesId === null ? null : ((await lockSeries(tx, listing.seriesId)) ?? null);
  const at = now();
  checkOnSale(listing, series, userId, at);
  const coin = await coinOf(tx, listing.currencyId);
  const bought = series ? await buyBox(tx, userId, listing, series, coin, input.user_seed ?? randomSeed(), at) : await buyArtwork(tx, userId, listing, coin, at);
  return orderView({ order: bought.order, item: bought.item, listing, coin, cover: null }, lang);
}

async function buyArtwork(tx: Tx, userId: number, listing: NftListing, coin: Coin, at: number): Promise<{ order: NftOrder; item: NftItem }> {
  const item = await lockItem(tx, listing.itemId!);
  if (!item || item.state !== 'listed') throw new Error(`nft listing ${listing.id}: its item is not listed`);
  const order = await insertOrder(tx, {
    listingId: listing.id,
    itemId: item.id,
    buyerId: userId,
    sellerUserId: listing.sellerUserId,
    currencyId: coin.id,
    price: listing.price,
    status: 'paid',
    createdAt: at,
    paidAt: at,
  });
  const fee = await paySeller(tx, order, listing, coin, 'nft_buy');
  const reason = listing.sellerUserId === null ? 'sale' : 'resale';
  const moved = await moveItem(tx, item, { toUserId: userId, state: 'held', reason, at, orderId: order.id, price: listing.price, currencyId: coin.id });
  await updateListing(tx, listing.id, { status: 'sold', buyerId: userId, endedAt: at });
  const figures = { price: listing.price, currency: coin.name, order_id: order.id };
  await tell(tx, { userId, kind: 'bought', at, itemId: item.id, listingId: listing.id, figures });
  if (listing.sellerUserId !== null) await tell(tx, { userId: listing.sellerUserId, kind: 'sold', at, itemId: item.id, listingId: listing.id, figures: { ...figures, price: listing.price } });
  return { order: { ...order, fee }, item: moved };
}

/** One box of the series: numbered in sale order (its draw's nonce), unopened, owned by the buyer. */
async function buyBox(tx: Tx, userId: number, listing: NftListing, series: NftSeries, coin: Coin, userSeed: string, at: number): Promise<{ order: NftOrder; item: NftItem }> {
  const number = series.boxesSold + 1;
  const box = await insertItem(
    tx,
    {
      kind: 'box',
      title: series.title,
      description: series.description,
      mediaType: 'blind_box',
      coverMediaId: series.coverMediaId,
      ownerUserId: userId,
      state: 'unopened',
      seriesId: series.id,
      boxNumber: number,
      userSeed,
      createdAt: at,
    },
    nftBoxCode,
  );
  await updateSeries(tx, series.id, { boxesSold: number });
  const order = await insertOrder(tx, { listingId: listing.id, itemId: box.id, buyerId: userId, sellerUserId: null, currencyId: coin.id, price: listing.price, status: 'paid', createdAt: at, paidAt: at });
  await paySeller(tx, order, listing, coin, 'nft_buy');
  await insertTransfer(tx, { itemId: box.id, fromUserId: null, toUserId: userId, reason: 'box_purchase', at, orderId: order.id, price: listing.price, currencyId: coin.id });
  await tell(tx, { userId, kind: 'bought', at, itemId: box.id, listingId: listing.id, figures: { price: listing.price, currency: coin.name, order_id: order.id } });
  return { order, item: box };
}
