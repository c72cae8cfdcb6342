/**
 * Every OTC balance change, each a ledger entry in the transaction of the row it belongs to:
 *  - a sell ad freezes its quantity in the merchant's fiat (legal) account when posted (an ad never
 *    promises coins the merchant does not hold) and unfreezes what remains when it closes;
 *  - an order moves its quantity into the otc_escrow system account's frozen bucket: from the sell ad's
 *    frozen coins, or from the selling taker's available coins on a buy ad (nothing is frozen for a buy
 *    ad until a seller takes it);
 *  - a release moves it from escrow to the buyer's fiat account;
 *  - a return (cancelled, timed out, or an appeal decided for the seller) moves it back to the seller:
 *    into the sell ad's frozen coins while the ad is online (an order that did not happen gives its
 *    quantity back to the ad), else to the seller's available coins.
 * The audit checks that frozen figures equal what online sell ads and open orders hold.
 */
import { add, isPositive, sub } from '@fairex/contract';
import type { Tx } from '../db/client.ts';
import { freeze, post, systemAccount, unfreeze, userAccount } from '../ledger/index.ts';
import { lockAd, updateAd, type Ad, type Order } from './repository.ts';

const fiatAccount = (tx: Tx, userId: number, currencyId: number) => userAccount(tx, userId, currencyId, 'fiat');
const escrowAccount = (tx: Tx, currencyId: number) => systemAccount(tx, 'otc_escrow', currencyId);

/** A sell ad posted: its quantity frozen in the merchant's fiat account (insufficient_balance when they hold less). */
export async function freezeAd(tx: Tx, ad: Ad) {
  if (ad.side !== 'sell') return;
  await freeze(tx, await fiatAccount(tx, ad.userId, ad.currencyId), ad.quantity, { kind: 'otc_ad_post', refType: 'otc_ad', refId: ad.id });
}

/** A sell ad closed: what no order took goes back to the merchant's available coins. */
export async function unfreezeAd(tx: Tx, ad: Ad) {
  if (ad.side !== 'sell' || !isPositive(ad.remaining)) return;
  await unfreeze(tx, await fiatAccount(tx, ad.userId, ad.currencyId), ad.remaining, { kind: 'otc_ad_close', refType: 'otc_ad', refId: ad.id });
}

/** An order placed: its coins into escrow, from the sell ad's frozen coins or the selling taker's available ones. */
export async function escrowOrder(tx: Tx, order: Order) {
  const seller = await fiatAccount(tx, order.sellerId, order.currencyId);
  await post(tx, {
    kind: 'otc_escrow',
    refType: 'otc_order',
    refId: order.id,
    legs: [
      { accountId: seller, bucket: order.adSide === 'sell' ? 'frozen' : 'available', amount: `-${order.quantity}` },
      { accountId: await escrowAccount(tx, order.currencyId), bucket: 'frozen', amount: order.quantity },
    ],
  });
}

/** The seller was paid (or an operator decided so): the coins from escrow to the buyer's fiat account. */
export async function releaseOrder(tx: Tx, order: Order) {
  await post(tx, {
    kind: 'otc_release',
    refType: 'otc_order',
    refId: order.id,
    legs: [
      { accountId: await escrowAccount(tx, order.currencyId), bucket: 'frozen', amount: `-${order.quantity}` },
      { accountId: await fiatAccount(tx, order.buyerId, order.currencyId), amount: order.quantity },
    ],
  });
}

/** The order did not happen: the coins back to the seller, into the ad while it is online (its row locked here). */
export async function returnOrder(tx: Tx, order: Order): Promise<Ad | undefined> {
  const ad = await lockAd(tx, order.adId);
  const toAd = ad?.status === 'online';
  await post(tx, {
    kind: 'otc_return',
    refType: 'otc_order',
    refId: order.id,
    legs: [
      { accountId: await escrowAccount(tx, order.currencyId), bucket: 'frozen', amount: `-${order.quantity}` },
      { accountId: await fiatAccount(tx, order.sellerId, order.currencyId), bucket: toAd && order.adSide === 'sell' ? 'frozen' : 'available', amount: order.quantity },
    ],
  });
  return toAd ? updateAd(tx, ad.id, { remaining: add(ad.remaining, order.quantity) }) : ad;
}

/** An order takes its quantity from the ad (its row locked by the caller). */
export const takeFromAd = (tx: Tx, ad: Ad, quantity: string) => updateAd(tx, ad.id, { remaining: sub(ad.remaining, quantity) });
