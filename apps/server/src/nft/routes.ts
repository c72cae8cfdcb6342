/**
 * The NFT marketplace under the spec's legacy /bind_box/* paths (spec section 7). Input schemas and
 * answer shapes are in packages/contract/src/schemas/nft.ts:
 *
 *   GET  getBoxList              nftBoxListInput        -> { data: NftBoxView[], total, page, limit }   (public; `favourite` needs a token)
 *   GET  getBoxDetail            nftBoxDetailInput      -> NftDetailView                                  (public; id = listing id, or code)
 *   GET  getArtist               nftArtistListInput     -> { data: NftArtistView[], total, page, limit }  (public)
 *   GET  getArtistDetail         nftArtistDetailInput   -> NftArtistDetailView                            (public)
 *   GET  getNftCurrency          -                      -> NftCurrencyView[]                              (public)
 *   GET  getCollection           -                      -> NftCollectionView[]                            (public)
 *   POST collect                 nftCodeInput           -> NftCollectView (toggles the favourite)
 *   POST buyNFT                  nftBuyInput            -> NftOrderView (fixed price, or one blind box)   (Idempotency-Key honoured)
 *   POST marginNFT               nftCodeInput           -> NftMarginView                                  (Idempotency-Key honoured)
 *   POST auctionNFT              nftBidInput            -> NftBoxView (the auction as it now stands)  (Idempotency-Key honoured)
 *   POST getBindBoxQuotationLog  nftBidLogInput         -> { data: NftBidView[], total, page, limit }     (public; own bids marked with a token)
 *   POST getMyBindBoxQuotationLog nftPageInput          -> { data: NftMyBidView[], total, page, limit }
 *   POST openBlindBox            nftOpenInput           -> NftOpenView                                    (Idempotency-Key honoured)
 *   POST resellNFT               nftResellInput         -> NftBoxView (status reviewing)                 (Idempotency-Key honoured)
 *   POST getMyNFTs               nftMyListInput         -> { data: NftMineView[], total, page, limit }
 *   POST getNeedPayNFTOrder      nftOrderListInput      -> { data: NftOrderView[], total, page, limit }  (default: unpaid wins)
 *   POST payNFTOrder             nftIdInput             -> NftOrderView                                   (Idempotency-Key honoured)
 *   POST getNFTOrderMessage      nftPageInput           -> NftMessagePage
 *   POST readNFTOrderMessage     nftIdInput             -> { id, read: true }
 *
 * Every POST needs the user's token (999 without one). Media files are public at /nft-media/<file>.
 */
import {
  nftArtistDetailInput,
  nftArtistListInput,
  nftBidInput,
  nftBidLogInput,
  nftBoxDetailInput,
  nftBoxListInput,
  nftBuyInput,
  nftCodeInput,
  nftIdInput,
  nftMyListInput,
  nftOpenInput,
  nftOrderListInput,
  nftPageInput,
  nftResellInput,
} from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { currentUser, optionalUserId, requireUser } from '../accounts/sessions.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { claimOf, once } from '../http/idempotency.ts';

export function nftRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'nft'>) {
  const auth = { preHandler: requireUser(ctx.db) };
  const data = (request: { query: unknown; body: unknown }) => ({ ...(request.query as object), ...(request.body as object) });
  const viewer = (request: Parameters<typeof optionalUserId>[1]) => optionalUserId(ctx.db, request);
  const nft = ctx.nft;

  app.get('/bind_box/getBoxList', async (request) => ok(await nft.boxList(parse(nftBoxListInput, request.query), request.lang, await viewer(request))));
  app.get('/bind_box/getBoxDetail', async (request) => ok(await nft.detail(parse(nftBoxDetailInput, request.query), request.lang, await viewer(request))));
  app.get('/bind_box/getArtist', async (request) => ok(await nft.artists(parse(nftArtistListInput, request.query), request.lang)));
  app.get('/bind_box/getArtistDetail', async (request) => ok(await nft.artistDetail(parse(nftArtistDetailInput, request.query).uid, request.lang, await viewer(request))));
  app.get('/bind_box/getNftCurrency', async () => ok(await nft.currencies()));
  app.get('/bind_box/getCollection', async (request) => ok(await nft.collections(request.lang)));

  app.post('/bind_box/collect', auth, async (request) => ok(await nft.collect(currentUser(request).id, parse(nftCodeInput, data(request)).code)));

  app.post('/bind_box/buyNFT', auth, async (request) => {
    const input = parse(nftBuyInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'nft', input), (transact) => nft.buy(currentUser(request).id, input, request.lang, transact)));
  });

  app.post('/bind_box/marginNFT', auth, async (request) => {
    const input = parse(nftCodeInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'nft', { margin: input.code }), (transact) => nft.margin(currentUser(request).id, input.code, transact)));
  });

  app.post('/bind_box/auctionNFT', auth, async (request) => {
    const input = parse(nftBidInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'nft', { bid: input }), (transact) => nft.bid(currentUser(request).id, input, request.lang, transact)));
  });
  app.post('/bind_box/getBindBoxQuotationLog', async (request) => ok(await nft.bidLog(parse(nftBidLogInput, data(request)), await viewer(request))));
  app.post('/bind_box/getMyBindBoxQuotationLog', auth, async (request) => ok(await nft.myBids(currentUser(request).id, parse(nftPageInput, data(request)), request.lang)));
  app.post('/bind_box/openBlindBox', auth, async (request) => {
    const input = parse(nftOpenInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'nft', { open: input }), (transact) => nft.open(currentUser(request).id, input, request.lang, transact)));
  });

  app.post('/bind_box/resellNFT', auth, async (request) => {
    const input = parse(nftResellInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'nft', { resell: input }), (transact) => nft.resell(currentUser(request).id, input, request.lang, transact)));
  });
  app.post('/bind_box/getMyNFTs', auth, async (request) => ok(await nft.mine(currentUser(request).id, parse(nftMyListInput, data(request)), request.lang)));
  app.post('/bind_box/getNeedPayNFTOrder', auth, async (request) => ok(await nft.orders(currentUser(request).id, parse(nftOrderListInput, data(request)), request.lang)));

  app.post('/bind_box/payNFTOrder', auth, async (request) => {
    const input = parse(nftIdInput, data(request));
    return ok(await once(ctx.db, claimOf(request, 'nft', { pay: input.id }), (transact) => nft.pay(currentUser(request).id, input.id, request.lang, transact)));
  });

  app.post('/bind_box/getNFTOrderMessage', auth, async (request) => ok(await nft.messages(currentUser(request).id, parse(nftPageInput, data(request)), request.lang)));
  app.post('/bind_box/readNFTOrderMessage', auth, async (request) => ok(await nft.readMessage(currentUser(request).id, parse(nftIdInput, data(request)).id)));
}
