/**
 * The NFT marketplace (spec sections 2-9, issue 13; rules in the contract's nft-rules.ts): the catalogue,
 * fixed-price sales (sales.ts), auctions with margins (auctions.ts), provably fair blind boxes
 * (boxes.ts), resale under review (resale.ts), the user's NFTs, records and messages. Every purchase,
 * margin, bid and payment runs in one transaction with its listing (or order) row locked first and the
 * server's clock read after the lock; every balance change is a ledger entry in that transaction.
 * Two recurring jobs end the sales whose end time has come and time out the wins not paid in a day;
 * each claims its rows with FOR UPDATE SKIP LOCKED and settles each in a savepoint, so a sale ends once
 * however many processes run.
 */
import { toAmountString } from '@fairex/contract';
import type {
  Lang,
  NftArtistDetailView,
  NftArtistListInput,
  NftArtistView,
  NftBidLogInput,
  NftBoxDetailInput,
  NftBoxListInput,
  NftBoxView,
  NftBuyInput,
  NftCollectView,
  NftCollectionView,
  NftCurrencyView,
  NftDetailView,
  NftMarginView,
  NftMineView,
  NftMyListInput,
  NftOpenView,
  NftOrderListInput,
  NftOrderView,
  NftResellInput,
} from '@fairex/contract';
import type { Clock } from '../clock.ts';
import type { Db, Tx } from '../db/client.ts';
import type { EventBus } from '../events/bus.ts';
import { DomainError } from '../http/errors.ts';
import { plainTransact, type Transact } from '../http/idempotency.ts';
import type { JobScheduler } from '../jobs/scheduler.ts';
import { maskAccount } from '../referrals/rules.ts';
import { eachDue } from '../wealth/runs.ts';
import { bid, bidsOf, endAuction, endFixedPrice, expireOrder, myBids, ordersOf, payMargin, payOrder } from './auctions.ts';
import { endSeries, openBox } from './boxes.ts';
import type { SeedVault } from './seed-vault.ts';
import { messagesOf, readMessage } from './messages.ts';
import {
  accountOf,
  artistById,
  boxesByListingIds,
  claimEndedListings,
  claimExpiredOrders,
  coinById,
  collectionById,
  drawOf,
  itemByCode,
  itemById,
  latestListingOf,
  listCollections,
  listingById,
  marginOf,
  mediaById,
  openListingOfItem,
  pageArtists,
  pageBoxes,
  pageMine,
  poolOf,
  seriesByCode,
  seriesById,
  toggleFavourite,
  transfersOf,
  unpaidOrderOf,
  isFavourite,
  PUBLIC_LISTING_STATUSES,
  type ArtistRow,
  type NftItem,
  type NftSeries,
} from './repository.ts';
import { resell } from './resale.ts';
import { buy } from './sales.ts';
import { nftCoins, nftSettings } from './settings.ts';
import { boxView, drawView, mediaUrl, orderView, seriesView, textIn, transferView } from './views.ts';

/** How often the jobs look for sales that ended and wins not paid. */
export const NFT_SWEEP_EVERY_MS = 5_000;
/** Sales (and, separately, orders) one run settles at most; a full batch leaves the rest to the next run. */
export const NFT_JOB_BATCH_MAX = 200;
/** An artist's page lists this many of their listings at most. */
export const NFT_ARTIST_LISTINGS_MAX = 50;
export const NFT_LISTINGS_END_JOB = 'nft.listings_end';
export const NFT_ORDERS_EXPIRE_JOB = 'nft.orders_expire';

/** `seedVault`: seals blind-box server seeds during their sale (seed-vault.ts; one key for every process). */
export type NftOptions = { now: Clock; bus: EventBus; seedVault: SeedVault; onError?: (error: unknown) => void; batchMax?: number };

type Page<T> = { data: T[]; total: number; page: number; limit: number };

export class NftService {
  constructor(
    readonly db: Db,
    readonly options: NftOptions,
  ) {}

  private readonly now = () => this.options.now();

  register(jobs: JobScheduler) {
    jobs.every(NFT_LISTINGS_END_JOB, NFT_SWEEP_EVERY_MS, async (tx) => {
      await this.endListings(tx);
    });
    jobs.every(NFT_ORDERS_EXPIRE_JOB, NFT_SWEEP_EVERY_MS, async (tx) => {
      await this.expireOrders(tx);
    });
    return this;
  }

  // ------------------------------------------------------------------ jobs

  /** Ends the sales whose end time has come: auctions (winner's order, margins back), boxes (seed revealed), fixed prices (unsold). */
  async endListings(tx: Tx): Promise<{ ended: number }> {
    const at = this.now();
    const due = await claimEndedListings(tx, at, this.options.batchMax ?? NFT_JOB_BATCH_MAX);
    const done = await eachDue(
      tx,
      due,
      async (savepoint, listing) => {
        if (listing.saleType === 'auction') await endAuction(savepoint, listing, at);
        else if (listing.saleType === 'blind_box') await endSeries(savepoint, listing, this.options.seedVault, at);
        else await endFixedPrice(savepoint, listing, at);
      },
      (error) => this.options.onError?.(error),
    );
    return { ended: done.length };
  }

  /** Times out the wins not paid by their due time: the margin is forfeited to the seller, the item stays with its owner. */
  async expireOrders(tx: Tx): Promise<{ expired: number }> {
    const at = this.now();
    const due = await claimExpiredOrders(tx, at, this.options.batchMax ?? NFT_JOB_BATCH_MAX);
    const done = await eachDue(tx, due, (savepoint, order) => expireOrder(savepoint, order, at), (error) => this.options.onError?.(error));
    return { expired: done.length };
  }

  // ------------------------------------------------------------------ catalogue

  async boxList(input: NftBoxListInput, lang: Lang, viewerId: number | undefined): Promise<Page<NftBoxView>> {
    const now = this.now();
    const { rows, total } = await pageBoxes(this.db, input, now, viewerId);
    return { data: rows.map((row) => boxView(row, lang, now)), total, page: input.page, limit: input.limit };
  }

  async artists(input: NftArtistListInput, lang: Lang): Promise<Page<NftArtistView>> {
    const { rows, total } = await pageArtists(this.db, { enabledOnly: true, keyword: input.keyword }, input.page, input.limit);
    return { data: rows.map((row) => artistView(row, lang)), total, page: input.page, limit: input.limit };
  }

  async artistDetail(uid: number, lang: Lang, viewerId: number | undefined): Promise<NftArtistDetailView> {
    const row = await artistById(this.db, uid);
    if (!row || !row.artist.enabled) throw new DomainError('not_found');
    const listings = await this.boxList({ page: 1, limit: NFT_ARTIST_LISTINGS_MAX, artist: uid }, lang, viewerId);
    return { artist: artistView(row, lang), listings: listings.data };
  }

  async currencies(): Promise<NftCurrencyView[]> {
    return (await nftCoins(this.db)).map((coin) => ({ id: coin.id, name: coin.name, decimals: coin.decimals }));
  }

  async collections(lang: Lang): Promise<NftCollectionView[]> {
    return (await listCollections(this.db, true)).map((row) => ({
      id: row.collection.id,
      name: textIn(row.collection.name, lang),
      description: textIn(row.collection.description, lang),
      cover: mediaUrl(row.cover),
      items: row.items,
      demo: row.collection.demo,
    }));
  }

  /** getBoxDetail: a listing by id, or an artwork, a box or a series by code, with everything its page shows. */
  async detail(input: NftBoxDetailInput, lang: Lang, viewerId: number | undefined): Promise<NftDetailView> {
    let item: NftItem | undefined;
    let series: NftSeries | undefined;
    if (input.code !== undefined) {
      item = await itemByCode(this.db, input.code);
      if (!item) series = await seriesByCode(this.db, input.code);
    } else {
      const listing = await listingById(this.db, input.id!);
      const visible = listing && ((PUBLIC_LISTING_STATUSES as readonly string[]).includes(listing.status) || (viewerId !== undefined && listing.sellerUserId === viewerId));
      if (!visible) throw new DomainError('not_found');
      if (listing.itemId !== null) item = await itemById(this.db, listing.itemId);
      else series = await seriesById(this.db, listing.seriesId!);
    }
    // A draft series is the back office's alone.
    if (!item && (!series || series.status === 'draft')) throw new DomainError('not_found');
    const now = this.now();
    if (item?.kind === 'box') series = await seriesById(this.db, item.seriesId!);
    const listing = item?.kind === 'artwork' ? await latestListingOf(this.db, { itemId: item.id }, viewerId) : series ? await latestListingOf(this.db, { seriesId: series.id }, viewerId) : undefined;
    const [box] = listing ? await boxesByListingIds(this.db, [listing.id], viewerId) : [];
    const listingView = box ? boxView(box, lang, now) : null;
    const code = item?.code ?? series!.code;

    const coverId = item?.coverMediaId ?? series?.coverMediaId ?? null;
    const coverFile = coverId === null ? undefined : await mediaById(this.db, coverId);
    const file = item?.mediaId ? await mediaById(this.db, item.mediaId) : undefined;
    const artist = item?.artistId ? await artistById(this.db, item.artistId) : undefined;
    const collection = item?.collectionId ? await collectionById(this.db, item.collectionId) : undefined;
    const ownerId = item?.ownerUserId ?? null;
    const ownerAccount = ownerId === null ? undefined : await accountOf(this.db, ownerId);
    const seriesOfItem = series ?? (item?.seriesId ? await seriesById(this.db, item.seriesId) : undefined);
    const visibleSeries = seriesOfItem && seriesOfItem.status !== 'draft' ? seriesOfItem : undefined;

    const draw = item ? await drawOf(this.db, item.kind === 'box' ? { boxItemId: item.id } : { itemId: item.id }) : undefined;
    let drawValue: NftDetailView['draw'] = null;
    if (draw && visibleSeries) {
      const other = await itemById(this.db, item!.kind === 'box' ? draw.itemId : draw.boxItemId);
      const codes = item!.kind === 'box' ? { box: item!.code, item: other?.code ?? '' } : { box: other?.code ?? '', item: item!.code };
      drawValue = drawView(draw, visibleSeries, codes);
    }

    let myMargin: NftMarginView | null = null;
    let myOrder: NftOrderView | null = null;
    if (viewerId !== undefined && listing) {
      const margin = listing.saleType === 'auction' ? await marginOf(this.db, listing.id, viewerId) : undefined;
      if (margin) myMargin = { amount: toAmountString(margin.amount), status: margin.status, paid_at: margin.paidAt };
      const order = listing.itemId !== null ? await unpaidOrderOf(this.db, listing.id, viewerId) : undefined;
      if (order && item) myOrder = orderView({ order, item, listing, coin: (await coinById(this.db, order.currencyId))!, cover: coverFile?.fileName ?? null }, lang);
    }
    const history = item ? (await transfersOf(this.db, item.id)).map(transferView) : [];
    return {
      code,
      kind: item ? item.kind : 'series',
      title: textIn((item ?? series)!.title, lang),
      description: textIn((item ?? series)!.description, lang),
      media_type: item?.mediaType ?? 'blind_box',
      media: file ? { kind: file.kind, url: mediaUrl(file.fileName)!, mime: file.mime } : null,
      cover: mediaUrl(coverFile?.fileName),
      artist: artist ? { uid: artist.artist.id, name: textIn(artist.artist.name, lang) } : null,
      collection: collection ? { id: collection.id, name: textIn(collection.name, lang) } : null,
      rarity: item?.rarity ?? null,
      owner: ownerAccount === undefined ? null : { name: maskName(ownerAccount), self: ownerId === viewerId },
      listing: listingView,
      my_margin: myMargin,
      my_order: myOrder,
      history,
      series: visibleSeries && (item?.kind !== 'artwork' || drawValue) ? seriesView(visibleSeries, await poolOf(this.db, visibleSeries.id), lang) : null,
      box: item?.kind === 'box' ? { number: item.boxNumber!, opened: item.state === 'opened', series_code: series!.code, user_seed: item.state === 'opened' || item.ownerUserId === viewerId ? item.userSeed : null } : null,
      draw: drawValue,
      favourite: viewerId === undefined ? null : await isFavourite(this.db, viewerId, code),
      // The owner sees the fee before offering the artwork again (the resale copies the ratio then in force).
      resale_fee_ratio: item?.kind === 'artwork' && viewerId !== undefined && ownerId === viewerId ? toAmountString((await nftSettings(this.db)).feeRatio) : null,
      server_time: now,
      // A box is as demo as its series (boxes are made at purchase, without a demo mark of their own).
      demo: item?.demo || (item?.kind !== 'artwork' && series?.demo) || false,
    };
  }

  // ------------------------------------------------------------------ user calls

  /** collect: toggles a favourite of an artwork or a series the catalogue knows. */
  async collect(userId: number, code: string): Promise<NftCollectView> {
    if (!(await itemByCode(this.db, code)) && !(await seriesByCode(this.db, code))) throw new DomainError('not_found');
    const favourite = await this.db.transaction((tx) => toggleFavourite(tx, userId, code, this.now()));
    return { code, favourite };
  }

  buy(userId: number, input: NftBuyInput, lang: Lang, transact: Transact = plainTransact(this.db)): Promise<NftOrderView> {
    return transact((tx) => buy(tx, userId, input, lang, this.now));
  }

  margin(userId: number, code: string, transact: Transact = plainTransact(this.db)): Promise<NftMarginView> {
    return transact((tx) => payMargin(tx, userId, code, this.now));
  }

  bid(userId: number, input: { code: string; price: string }, lang: Lang, transact: Transact = plainTransact(this.db)): Promise<NftBoxView> {
    return transact((tx) => bid(tx, userId, input, lang, this.now));
  }

  bidLog(input: NftBidLogInput, viewerId: number | undefined) {
    return bidsOf(this.db, input.code, viewerId, input.page, input.limit);
  }

  myBids(userId: number, input: { page: number; limit: number }, lang: Lang) {
    return myBids(this.db, userId, lang, input.page, input.limit, this.now());
  }

  /** openBlindBox: draws the box and answers the artwork with the draw's record. */
  async open(userId: number, input: { code: string }, lang: Lang, transact: Transact = plainTransact(this.db)): Promise<NftOpenView> {
    // The answer is made in the opening's transaction, so a retry under the same key is told exactly this.
    return transact(async (tx) => {
      const opened = await openBox(tx, userId, input, this.options.seedVault, this.now);
      const box = (await itemByCode(tx, opened.box))!;
      const item = (await itemByCode(tx, opened.item))!;
      const series = (await seriesById(tx, box.seriesId!))!;
      const draw = (await drawOf(tx, { boxItemId: box.id }))!;
      const cover = item.coverMediaId === null ? undefined : await mediaById(tx, item.coverMediaId);
      return {
        box_code: box.code,
        item_code: item.code,
        title: textIn(item.title, lang),
        cover: mediaUrl(cover?.fileName),
        media_type: item.mediaType,
        rarity: item.rarity,
        draw: drawView(draw, series, { box: box.code, item: item.code }),
      };
    });
  }

  resell(userId: number, input: NftResellInput, lang: Lang, transact: Transact = plainTransact(this.db)): Promise<NftBoxView> {
    return transact((tx) => resell(tx, userId, input, lang, this.now));
  }

  /** getMyNFTs: what the user holds (artworks and unopened boxes), is reselling, or sold. */
  async mine(userId: number, input: NftMyListInput, lang: Lang): Promise<Page<NftMineView>> {
    const now = this.now();
    const { rows, total } = await pageMine(this.db, userId, input.status, input.page, input.limit);
    const data: NftMineView[] = [];
    for (const row of rows) {
      let listing: NftBoxView | null = null;
      if (input.status === 'reselling') {
        const open = await openListingOfItem(this.db, row.item.id);
        const [box] = open ? await boxesByListingIds(this.db, [open.id], userId) : [];
        listing = box ? boxView(box, lang, now) : null;
      }
      data.push({
        code: row.item.code,
        kind: row.item.kind,
        title: textIn(row.item.title, lang),
        media_type: row.item.mediaType,
        cover: mediaUrl(row.cover),
        rarity: row.item.rarity,
        artist: row.item.artistId && row.artistName ? { uid: row.item.artistId, name: textIn(row.artistName, lang) } : null,
        box: row.item.kind === 'box' ? { opened: row.item.state === 'opened', number: row.item.boxNumber!, series_code: row.seriesCode ?? '' } : null,
        listing,
        sold: row.transfer ? { price: toAmountString(row.transfer.price ?? '0'), currency: row.currency ?? '', at: row.transfer.at, reason: row.transfer.reason } : null,
        demo: row.item.demo,
      });
    }
    return { data, total, page: input.page, limit: input.limit };
  }

  orders(userId: number, input: NftOrderListInput, lang: Lang) {
    return ordersOf(this.db, userId, input.status, lang, input.page, input.limit);
  }

  pay(userId: number, id: number, lang: Lang, transact: Transact = plainTransact(this.db)): Promise<NftOrderView> {
    return transact((tx) => payOrder(tx, userId, id, lang, this.now));
  }

  messages(userId: number, input: { page: number; limit: number }, lang: Lang) {
    return messagesOf(this.db, userId, lang, input.page, input.limit);
  }

  readMessage(userId: number, id: number) {
    return readMessage(this.db, userId, id, this.now());
  }
}

export function artistView(row: ArtistRow, lang: Lang): NftArtistView {
  return { uid: row.artist.id, name: textIn(row.artist.name, lang), bio: textIn(row.artist.bio, lang), avatar: mediaUrl(row.avatar), works: row.works, demo: row.artist.demo };
}

/** An owner's account as the item page shows it (the same masking as the bidders'). */
const maskName = (account: string) => maskAccount(account);
