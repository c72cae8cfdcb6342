/** The wire forms of the marketplace's rows (nft.ts in the contract names each). */
import {
  NFT_MEDIA_URL_PREFIX,
  nftBuyStatus,
  nftOdds,
  toAmountString,
  type Lang,
  type NftBidView,
  type NftBoxView,
  type NftDrawView,
  type NftMessageView,
  type NftOrderView,
  type NftPoolItemView,
  type NftSeriesView,
  type NftTransferView,
} from '@fairex/contract';
import { nameIn } from '../mining/views.ts';
import { maskAccount } from '../referrals/rules.ts';
import type { BoxRow, Coin, NftDraw, NftItem, NftListing, NftMessage, NftOrder, NftSeries, NftTransfer } from './repository.ts';

/** A text in the reader's language, English where none was written. */
export const textIn = nameIn;
export const mediaUrl = (fileName: string | null | undefined) => (fileName ? `${NFT_MEDIA_URL_PREFIX}${fileName}` : null);
const amountOrNull = (value: string | null) => (value === null ? null : toAmountString(value));

/** 1 while a listing on sale has something left to sell: an artwork not sold, boxes not sold out. */
export function listingFlag(listing: NftListing, series: NftSeries | null): 0 | 1 {
  if (listing.status !== 'on_sale') return 0;
  if (listing.saleType === 'blind_box' && series && series.boxesSold >= series.poolSize) return 0;
  return 1;
}

export function boxView(row: BoxRow, lang: Lang, now: number): NftBoxView {
  const { listing, item, series, coin } = row;
  const flag = listingFlag(listing, series);
  return {
    id: listing.id,
    code: item?.code ?? series?.code ?? '',
    kind: item ? 'artwork' : 'series',
    title: textIn((item ?? series)?.title ?? {}, lang),
    media_type: item?.mediaType ?? 'blind_box',
    cover: mediaUrl(row.cover),
    artist: item?.artistId && row.artistName ? { uid: item.artistId, name: textIn(row.artistName, lang) } : null,
    collection: item?.collectionId && row.collectionName ? { id: item.collectionId, name: textIn(row.collectionName, lang) } : null,
    rarity: item?.rarity ?? null,
    sale_type: listing.saleType,
    currency_id: coin.id,
    currency: coin.name,
    decimals: coin.decimals,
    price: toAmountString(listing.price),
    current_bid: amountOrNull(listing.currentBid),
    increment: amountOrNull(listing.increment),
    margin: amountOrNull(listing.margin),
    bid_count: listing.bidCount,
    start_at: listing.startAt,
    end_at: listing.endAt,
    status: listing.status,
    flag,
    buy_status: listing.startAt === null || listing.endAt === null ? 0 : nftBuyStatus({ start_at: listing.startAt, end_at: listing.endAt }, flag, now),
    remaining: series ? series.poolSize - series.boxesSold : null,
    resale: listing.sellerUserId !== null,
    favourite: row.favourite,
    demo: (item ?? series)?.demo ?? false,
  };
}

export function transferView(row: { transfer: NftTransfer; from: string | null; to: string | null; currency: string | null }): NftTransferView {
  return {
    reason: row.transfer.reason,
    from: row.from === null ? null : maskAccount(row.from),
    to: row.to === null ? null : maskAccount(row.to),
    price: amountOrNull(row.transfer.price),
    currency: row.currency,
    at: row.transfer.at,
  };
}

export function bidView(row: { bid: { id: number; userId: number; price: string; createdAt: number }; account: string }, viewerId: number | undefined): NftBidView {
  return { id: String(row.bid.id), bidder: maskAccount(row.account), self: row.bid.userId === viewerId, price: toAmountString(row.bid.price), at: row.bid.createdAt };
}

export function poolItemView(row: { item: NftItem; cover: string | null; drawn: boolean }, odds: Map<number, string>, lang: Lang): NftPoolItemView {
  return {
    id: row.item.id,
    code: row.item.code,
    title: textIn(row.item.title, lang),
    rarity: row.item.rarity ?? 'common',
    cover: mediaUrl(row.cover),
    weight: row.item.poolWeight ?? 0,
    odds: row.drawn ? '0' : (odds.get(row.item.id) ?? '0'),
    drawn: row.drawn,
  };
}

/** A series with its pool: the odds are among the items not drawn yet (the next draw's), as published. */
export function seriesView(series: NftSeries, pool: { item: NftItem; cover: string | null; drawn: boolean }[], lang: Lang): NftSeriesView {
  const odds = new Map(nftOdds(pool.filter((p) => !p.drawn).map((p) => [p.item.id, p.item.poolWeight ?? 0] as const)).map((o) => [o.itemId, o.odds]));
  return {
    code: series.code,
    title: textIn(series.title, lang),
    seed_hash: series.seedHash ?? '',
    server_seed: series.revealedAt === null ? null : series.serverSeed,
    revealed_at: series.revealedAt,
    pool_size: series.poolSize,
    boxes_sold: series.boxesSold,
    pool: pool.map((row) => poolItemView(row, odds, lang)),
  };
}

export function drawView(draw: NftDraw, series: NftSeries, codes: { box: string; item: string }): NftDrawView {
  return {
    box_code: codes.box,
    series_code: series.code,
    nonce: draw.nonce,
    user_seed: draw.userSeed,
    pool: draw.pool,
    point: draw.point,
    total: draw.total,
    digest: series.revealedAt === null ? null : draw.digest,
    item_id: draw.itemId,
    item_code: codes.item,
    drawn_at: draw.drawnAt,
    seed_hash: series.seedHash ?? '',
    server_seed: series.revealedAt === null ? null : series.serverSeed,
  };
}

export function orderView(row: { order: NftOrder; item: NftItem; listing: NftListing; coin: Coin; cover: string | null }, lang: Lang): NftOrderView {
  return {
    id: row.order.id,
    listing_id: row.order.listingId,
    code: row.item.code,
    title: textIn(row.item.title, lang),
    cover: mediaUrl(row.cover),
    media_type: row.item.mediaType,
    sale_type: row.listing.saleType,
    currency: row.coin.name,
    decimals: row.coin.decimals,
    price: toAmountString(row.order.price),
    margin: toAmountString(row.order.margin),
    due_at: row.order.dueAt,
    status: row.order.status,
    created_at: row.order.createdAt,
    paid_at: row.order.paidAt,
  };
}

export function messageView(
  row: { message: NftMessage; itemTitle: Record<string, string> | null; itemCode: string | null; seriesTitle: Record<string, string> | null; seriesCode: string | null },
  lang: Lang,
): NftMessageView {
  return {
    id: row.message.id,
    kind: row.message.kind,
    code: row.itemCode ?? row.seriesCode ?? '',
    title: textIn(row.itemTitle ?? row.seriesTitle ?? {}, lang),
    figures: row.message.figures as NftMessageView['figures'],
    read: row.message.readAt !== null,
    created_at: row.message.createdAt,
  };
}
