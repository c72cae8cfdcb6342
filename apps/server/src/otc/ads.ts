/**
 * Merchants' ads: the market list (best price first, each floating ad priced from the index now), a
 * merchant's own ads, posting (an approved merchant; a sell ad freezes its quantity in the merchant's
 * fiat account at once) and closing (what remains unfrozen), and the ad quick buy takes.
 */
import {
  cmp,
  isPositive,
  LEVEL_LIMITS,
  money,
  OTC_FIAT_DECIMALS,
  OTC_ONLINE_ADS_PER_MERCHANT_MAX,
  OTC_PRICE_DECIMALS,
  otcOrderFigures,
  otcUsdtValue,
  type OtcAdListInput,
  type OtcAdPostInput,
  type OtcAdView,
  type OtcFigures,
  type OtcQuickInput,
  type OtcSide,
} from '@fairex/contract';
import type { Db, Executor } from '../db/client.ts';
import { findCoin } from '../funds/repository.ts';
import { DomainError } from '../http/errors.ts';
import { identityLevel } from '../identity/service.ts';
import { freezeAd, unfreezeAd } from './escrow.ts';
import { paymentDetailsOf } from './payments.ts';
import { adPrice, readMarket, type Market } from './pricing.ts';
import {
  adById,
  countOnlineAds,
  insertAd,
  listMethods,
  lockAd,
  lockMerchantOfUser,
  merchantCounts,
  onlineAds,
  pageAds,
  updateAd,
  type Ad,
  type AdFilter,
  type AdRow,
} from './repository.ts';
import { adView } from './views.ts';
import type { PriceFeed } from '../markets/price-feed.ts';

/** Online ads of one market read and priced at most: the list is sorted by price now, which the database cannot know. */
export const OTC_MARKET_ADS_MAX = 200;

export type AdsDeps = { db: Db; feed: Pick<PriceFeed, 'price'>; now: () => number };

/** The taker's side is the other one: a sell ad is bought from, a buy ad sold to. */
export const adSideFor = (takerSide: OtcSide): OtcSide => (takerSide === 'buy' ? 'sell' : 'buy');

/** Best price for the taker first: the cheapest sell ad, the dearest buy ad; the oldest ad first at one price. */
const byBestPrice = (side: OtcSide) => (a: { price: string; row: AdRow }, b: { price: string; row: AdRow }) =>
  (side === 'sell' ? cmp(a.price, b.price) : cmp(b.price, a.price)) || a.row.ad.id - b.row.ad.id;

/** Ads with their price now and their merchants' counters; ads without a price now (a floating ad without an index) are left out. */
export async function adViews(db: Executor, rows: readonly AdRow[], market: Market, readerId: number): Promise<OtcAdView[]> {
  const [counts, methods] = await Promise.all([merchantCounts(db, [...new Set(rows.map((r) => r.ad.userId))]), listMethods(db, false)]);
  const byId = new Map(methods.map((m) => [m.id, m]));
  return rows.flatMap((row) => (adPrice(row.ad, row.coin.name, market) === undefined ? [] : [adView(row, market, counts.get(row.ad.userId), byId, readerId)]));
}

/** Online ads of a market with their price now, best first. */
async function pricedMarket(deps: AdsDeps, market: Market, input: { side: OtcSide; currencyId: number; fiat: string; methodId?: number }) {
  const rows = await onlineAds(deps.db, input, OTC_MARKET_ADS_MAX);
  return rows
    .flatMap((row) => {
      const price = adPrice(row.ad, row.coin.name, market);
      return price === undefined ? [] : [{ row, price }];
    })
    .sort(byBestPrice(input.side));
}

/** GET /otc/ads: a page of a market's online ads, best price first. */
export async function listAds(deps: AdsDeps, readerId: number, input: OtcAdListInput) {
  const market = await readMarket(deps.db, deps.feed);
  const priced = await pricedMarket(deps, market, { side: input.side, currencyId: input.currency_id, fiat: input.fiat, methodId: input.method_id });
  const page = priced.slice((input.page - 1) * input.limit, input.page * input.limit).map((p) => p.row);
  return { data: await adViews(deps.db, page, market, readerId), total: priced.length, page: input.page, limit: input.limit };
}

/** A page of ads by owner and state (the merchant's own, the back office's), priced now where they can be. */
export async function pageAdViews(deps: AdsDeps, filter: AdFilter, page: number, limit: number, readerId: number) {
  const { rows, total } = await pageAds(deps.db, filter, page, limit);
  const market = await readMarket(deps.db, deps.feed);
  const counts = await merchantCounts(deps.db, [...new Set(rows.map((r) => r.ad.userId))]);
  const methods = new Map((await listMethods(deps.db, false)).map((m) => [m.id, m]));
  // A closed or unpriced ad still shows, at its fixed price or '0'.
  const data = rows.map((row) => ({ row, view: adView(row, market, counts.get(row.ad.userId), methods, readerId) }));
  return { data, total, page, limit };
}

const finerThan = (value: string, decimals: number) => money(value).decimalPlaces() > decimals;

/**
 * POST /otc/ad/post: the merchant must be approved; the coin priced by the index, the fiat a kept one;
 * a fixed price and the limits in cents, the quantity in the coin's unit; every method on offer, and a
 * sell ad's merchant must have filled in at least one of them (the buyer pays to it). A sell ad's
 * quantity is frozen at once, in the ad's transaction.
 */
export async function postAd(deps: AdsDeps, userId: number, input: OtcAdPostInput): Promise<{ ad: Ad; view: OtcAdView }> {
  const coin = await findCoin(deps.db, input.currency_id);
  if (!coin || !coin.enabled) throw new DomainError('currency_unavailable');
  const market = await readMarket(deps.db, deps.feed);
  if (market.indexUsdt(coin.name) === undefined) throw new DomainError('index_unavailable');
  if (market.fiatRate(input.fiat) === undefined) throw new DomainError('otc_fiat_unavailable');
  if (finerThan(input.quantity, coin.decimals) || (input.price !== undefined && finerThan(input.price, OTC_PRICE_DECIMALS))) throw new DomainError('wrong_number');
  if (finerThan(input.min_fiat, OTC_FIAT_DECIMALS) || finerThan(input.max_fiat, OTC_FIAT_DECIMALS)) throw new DomainError('wrong_number');
  const methods = new Map((await listMethods(deps.db, true)).map((m) => [m.id, m]));
  if (!input.method_ids.every((id) => methods.has(id))) throw new DomainError('otc_payment_method_unavailable');
  if (input.side === 'sell' && (await paymentDetailsOf(deps.db, userId, input.method_ids)).length === 0) throw new DomainError('otc_payment_method_missing');
  const { ad, merchant } = await deps.db.transaction(async (tx) => {
    const merchant = await lockMerchantOfUser(tx, userId);
    if (!merchant || merchant.status !== 'approved') throw new DomainError('otc_merchant_required');
    if ((await countOnlineAds(tx, merchant.id)) >= OTC_ONLINE_ADS_PER_MERCHANT_MAX) throw new DomainError('otc_ads_too_many');
    const created = await insertAd(tx, {
      merchantId: merchant.id,
      userId,
      side: input.side,
      currencyId: coin.id,
      fiat: input.fiat,
      priceType: input.price_type,
      price: input.price_type === 'fixed' ? input.price! : null,
      margin: input.price_type === 'floating' ? input.margin! : null,
      quantity: input.quantity,
      remaining: input.quantity,
      minFiat: input.min_fiat,
      maxFiat: input.max_fiat,
      methodIds: input.method_ids,
      payMinutes: input.pay_minutes,
      remark: input.remark,
      createdAt: deps.now(),
    });
    await freezeAd(tx, created);
    return { ad: created, merchant };
  });
  const [view] = await adViews(deps.db, [{ ad, coin: { id: coin.id, name: coin.name, decimals: coin.decimals }, merchant: { id: merchant.id, name: merchant.name } }], market, userId);
  return { ad, view: view! };
}

/**
 * Closes an online ad (by its merchant, an operator, or a suspension), its row locked: a sell ad's
 * remaining coins go back to the merchant's available balance. Open orders on it carry on; a return
 * after this goes to the seller's available coins (escrow.ts).
 */
export async function closeAd(tx: Parameters<typeof lockAd>[0], ad: Ad, closedBy: 'merchant' | 'operator' | 'suspension', now: number): Promise<Ad> {
  await unfreezeAd(tx, ad);
  return updateAd(tx, ad.id, { status: 'closed', closedAt: now, closedBy });
}

export type QuickPick = { row: AdRow; price: string; figures: OtcFigures };

/**
 * The ad quick buy (or sell) takes for the amount: of the online ads of the market the user may take
 * (not their own, the amount within its limits and what remains, their verification level's limit, and
 * for a sale a method they filled in), the best priced. otc_fiat_limit_exceeded when only the limit
 * stood in the way, otc_no_ad when nothing fits.
 */
export async function pickQuick(deps: AdsDeps, userId: number, input: OtcQuickInput): Promise<QuickPick> {
  const level = await identityLevel(deps.db, userId);
  if (level === 0) throw new DomainError('verification_required');
  const market = await readMarket(deps.db, deps.feed);
  if (market.fiatRate(input.fiat) === undefined) throw new DomainError('otc_fiat_unavailable');
  const priced = await pricedMarket(deps, market, { side: adSideFor(input.side), currencyId: input.currency_id, fiat: input.fiat });
  const limit = LEVEL_LIMITS[level].fiat_trade_per_order_usdt;
  let limited = false;
  for (const { row, price } of priced) {
    if (row.ad.userId === userId) continue;
    const figures = otcOrderFigures({ price, amount: input.amount, unit: input.amount_in, coinDecimals: row.coin.decimals });
    if (!figures || cmp(figures.fiat_amount, row.ad.minFiat) < 0 || cmp(figures.fiat_amount, row.ad.maxFiat) > 0 || cmp(figures.quantity, row.ad.remaining) > 0) continue;
    const index = market.indexUsdt(row.coin.name);
    if (index === undefined) continue;
    if (cmp(otcUsdtValue(figures.quantity, index), limit) > 0) {
      limited = true;
      continue;
    }
    if (input.side === 'sell' && (await paymentDetailsOf(deps.db, userId, row.ad.methodIds)).length === 0) continue;
    return { row, price, figures };
  }
  throw new DomainError(limited ? 'otc_fiat_limit_exceeded' : 'otc_no_ad');
}

export const isOpenAd = (ad: Ad | undefined): ad is Ad => ad !== undefined && ad.status === 'online' && isPositive(ad.remaining);

/** One ad as `readerId` sees it, priced now where it can be (a closed or unpriced ad at its fixed price or '0'). */
export async function oneAdView(deps: AdsDeps, id: number, readerId: number): Promise<OtcAdView> {
  const row = await adById(deps.db, id);
  if (!row) throw new DomainError('not_found');
  const market = await readMarket(deps.db, deps.feed);
  const [counts, methods] = await Promise.all([merchantCounts(deps.db, [row.ad.userId]), listMethods(deps.db, false)]);
  return adView(row, market, counts.get(row.ad.userId), new Map(methods.map((m) => [m.id, m])), readerId);
}
