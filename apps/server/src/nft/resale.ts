/**
 * Resale (spec sections 4 and 6): a user offers an artwork they hold (resellNFT) at a fixed price or by
 * auction for a number of days; once confirmed it cannot be withdrawn (no call takes it back). It waits
 * for customer service's review in the back office (reviewing): approved, it is on sale from that moment
 * for its days; refused (with a reason), the artwork is held again. A resale that ends unsold leaves the
 * artwork with its owner, who may list it again.
 */
import { DAY_MS, fitsCoinUnit, type Lang, type NftBoxView, type NftResellInput, type NftReviewInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Tx } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { tell } from './messages.ts';
import { boxesByListingIds, insertListing, lockItemByCode, lockListing, lockItem, updateItem, updateListing } from './repository.ts';
import { coinOf } from './sales.ts';
import { nftCoins, nftSettings } from './settings.ts';
import { boxView } from './views.ts';

/** resellNFT: lists the user's own held artwork for review. */
export async function resell(tx: Tx, userId: number, input: NftResellInput, lang: Lang, now: () => number): Promise<NftBoxView> {
  const item = await lockItemByCode(tx, input.code);
  if (!item || item.ownerUserId !== userId) throw new DomainError('not_found');
  if (item.kind !== 'artwork' || item.state !== 'held') throw new DomainError('nft_not_resellable');
  const coins = await nftCoins(tx);
  const coin = input.currency_id === undefined ? coins[0] : coins.find((c) => c.id === input.currency_id);
  if (!coin) throw new DomainError('nft_currency_unavailable');
  for (const amount of [input.price, input.increment, input.margin]) if (amount !== undefined && !fitsCoinUnit(amount, coin.decimals)) throw new DomainError('wrong_number');
  const auction = input.sale_type === 'auction';
  const at = now();
  const listing = await insertListing(tx, {
    saleType: input.sale_type,
    itemId: item.id,
    sellerUserId: userId,
    currencyId: coin.id,
    price: input.price,
    increment: auction ? input.increment! : null,
    margin: auction ? input.margin! : null,
    feeRatio: (await nftSettings(tx)).feeRatio,
    timesDays: input.times,
    status: 'reviewing',
    createdAt: at,
  });
  await updateItem(tx, item.id, { state: 'listed' });
  const [row] = await boxesByListingIds(tx, [listing.id], userId);
  return boxView(row!, lang, at);
}

/** The back office's decision on a resale under review (customer service), logged with it. */
export async function reviewResale(tx: Tx, operator: Operator, input: NftReviewInput, now: () => number) {
  const listing = await lockListing(tx, input.listing_id);
  if (!listing) throw new DomainError('not_found');
  if (listing.status !== 'reviewing') throw new DomainError('already_reviewed');
  await lockItem(tx, listing.itemId!);
  const at = now();
  const review = { reviewedBy: operator.id, reviewedAt: at, reviewNote: input.note || null };
  const where = { itemId: listing.itemId, listingId: listing.id };
  if (input.decision === 'approve') {
    await updateListing(tx, listing.id, { ...review, status: 'on_sale', startAt: at, endAt: at + listing.timesDays! * DAY_MS });
    await tell(tx, { userId: listing.sellerUserId!, kind: 'resale_approved', at, ...where });
  } else {
    await updateListing(tx, listing.id, { ...review, status: 'rejected', endedAt: at });
    await updateItem(tx, listing.itemId!, { state: 'held' });
    await tell(tx, { userId: listing.sellerUserId!, kind: 'resale_rejected', at, ...where, figures: { note: input.note } });
  }
  await logAction(tx, operator.id, `nft.resale.${input.decision}`, `nft_listing:${listing.id}`, { note: input.note });
  const coin = await coinOf(tx, listing.currencyId);
  return { listing_id: listing.id, status: input.decision === 'approve' ? 'on_sale' : 'rejected', currency: coin.name };
}
