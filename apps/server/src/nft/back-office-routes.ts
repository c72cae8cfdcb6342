/**
 * Back-office NFT marketplace under /api/admin/nft: the catalogue (files, artists, collections,
 * artworks), platform listings, blind-box series and pools, the settings (admins, logged); the resale
 * review queue (every operator role: customer service reviews); the overview, listings (auction
 * monitor, review queue) and items (every role).
 *
 *   GET  /nft                          -> NftAdminOverview
 *   POST /nft/settings                 nftSettingsInput
 *   GET  /nft/media                    nftAdminPageInput -> { data: NftAdminMediaRow[] ... }
 *   POST /nft/media                    multipart `file` (image, GIF, audio, video by magic bytes) -> NftAdminMediaRow
 *   POST /nft/artists                  nftArtistInput -> NftAdminArtistRow
 *   POST /nft/collections              nftCollectionInput -> NftAdminCollectionRow
 *   POST /nft/artworks                 nftArtworkInput -> NftAdminItemRow
 *   GET  /nft/items                    nftAdminItemsInput -> { data: NftAdminItemRow[] ... }
 *   POST /nft/listings                 nftListingInput -> NftAdminListingRow
 *   POST /nft/listings/cancel          nftListingIdInput
 *   GET  /nft/listings                 nftAdminListingsInput -> { data: NftAdminListingRow[] ... }
 *   POST /nft/series                   nftSeriesInput -> NftAdminSeriesRow
 *   POST /nft/series/pool              nftPoolInput -> NftAdminSeriesRow
 *   POST /nft/series/pool/remove       nftPoolRemoveInput -> NftAdminSeriesRow
 *   POST /nft/series/publish           nftSeriesIdInput -> NftAdminSeriesRow
 *   POST /nft/review                   nftReviewInput
 */
import {
  nftAdminItemsInput,
  nftAdminListingsInput,
  nftAdminPageInput,
  nftArtistInput,
  nftArtworkInput,
  nftCollectionInput,
  nftListingIdInput,
  nftListingInput,
  nftPoolInput,
  nftPoolRemoveInput,
  nftReviewInput,
  nftSeriesIdInput,
  nftSeriesInput,
  nftSettingsInput,
} from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { limitedBy } from '../http/rate-limits.ts';
import {
  cancelListing,
  createListing,
  nftOverview,
  publishSeries,
  removePoolItem,
  saveArtist,
  saveArtwork,
  saveCollection,
  saveSeries,
  saveSettings,
  searchItems,
  searchListings,
  setPoolItem,
} from './back-office.ts';
import { mediaRow, NFT_MEDIA_PER_MINUTE, uploadNftMedia } from './media.ts';
import { pageMedia } from './repository.ts';
import { reviewResale } from './resale.ts';

export function adminNftRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'config' | 'db' | 'nft'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };
  const operator = currentOperator;

  app.get('/nft', anyOperator, async () => ok(await nftOverview(ctx)));
  app.post('/nft/settings', adminOnly, async (request) => ok(await saveSettings(ctx, operator(request), parse(nftSettingsInput, request.body))));

  app.get('/nft/media', anyOperator, async (request) => {
    const input = parse(nftAdminPageInput, request.query);
    const { rows, total } = await pageMedia(ctx.db, input.page, input.limit);
    return ok({ data: rows.map(mediaRow), total, page: input.page, limit: input.limit });
  });
  const mediaLimit = limitedBy(app, [{ name: 'nft-media', max: NFT_MEDIA_PER_MINUTE, windowMs: 60_000, key: (request) => String(currentOperator(request).id) }]);
  app.post('/nft/media', { preHandler: [adminOnly.preHandler, mediaLimit] }, async (request) => ok(await uploadNftMedia(ctx, operator(request), request)));

  app.post('/nft/artists', adminOnly, async (request) => ok(await saveArtist(ctx, operator(request), parse(nftArtistInput, request.body))));
  app.post('/nft/collections', adminOnly, async (request) => ok(await saveCollection(ctx, operator(request), parse(nftCollectionInput, request.body))));
  app.post('/nft/artworks', adminOnly, async (request) => ok(await saveArtwork(ctx, operator(request), parse(nftArtworkInput, request.body))));
  app.get('/nft/items', anyOperator, async (request) => ok(await searchItems(ctx, parse(nftAdminItemsInput, request.query))));

  app.post('/nft/listings', adminOnly, async (request) => ok(await createListing(ctx, operator(request), parse(nftListingInput, request.body), request.lang)));
  app.post('/nft/listings/cancel', adminOnly, async (request) => ok(await cancelListing(ctx, operator(request), parse(nftListingIdInput, request.body).listing_id)));
  app.get('/nft/listings', anyOperator, async (request) => ok(await searchListings(ctx, parse(nftAdminListingsInput, request.query), request.lang)));

  app.post('/nft/series', adminOnly, async (request) => ok(await saveSeries(ctx, operator(request), parse(nftSeriesInput, request.body))));
  app.post('/nft/series/pool', adminOnly, async (request) => ok(await setPoolItem(ctx, operator(request), parse(nftPoolInput, request.body))));
  app.post('/nft/series/pool/remove', adminOnly, async (request) => ok(await removePoolItem(ctx, operator(request), parse(nftPoolRemoveInput, request.body))));
  app.post('/nft/series/publish', adminOnly, async (request) => ok(await publishSeries(ctx, operator(request), parse(nftSeriesIdInput, request.body).series_id)));

  app.post('/nft/review', anyOperator, async (request) => {
    const input = parse(nftReviewInput, request.body);
    return ok(await ctx.db.transaction((tx) => reviewResale(tx, operator(request), input, ctx.clock)));
  });
}
