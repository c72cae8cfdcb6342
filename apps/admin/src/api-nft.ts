/**
 * The back office's NFT marketplace calls (/api/admin/nft/*, shapes in the contract's schemas/nft.ts):
 * the overview (settings, coins, artists, collections, series with pools, system balances), files,
 * artists, collections, artworks, platform listings, blind-box series and pools, the resale review and
 * the listings search (review queue, auction monitor).
 */
import type {
  NftAdminArtistRow,
  NftAdminCollectionRow,
  NftAdminItemRow,
  NftAdminListingRow,
  NftAdminMediaRow,
  NftAdminOverview,
  NftAdminSeriesRow,
  NftFileKind,
  NftListingStatus,
  NftRarity,
  NftSaleType,
} from '@fairex/contract';
import { pageQuery, queryString, request, type Page, type PageQuery } from './api.ts';

export type NftArtistSave = { id?: number; name_en: string; name_zh: string; bio_en: string; bio_zh: string; avatar_media_id?: number; enabled: boolean; sort: number };
export type NftCollectionSave = { id?: number; name_en: string; name_zh: string; description_en: string; description_zh: string; cover_media_id?: number; enabled: boolean; sort: number };
export type NftArtworkSave = {
  id?: number;
  title_en: string;
  title_zh: string;
  description_en: string;
  description_zh: string;
  media_type: NftFileKind;
  media_id: number;
  cover_media_id: number;
  artist_id: number;
  collection_id?: number;
  rarity: NftRarity;
};
export type NftListingSave = { item_id: number; sale_type: Exclude<NftSaleType, 'blind_box'>; currency_id: number; price: string; increment?: string; margin?: string; start_at: number; end_at: number };
export type NftSeriesSave = { id?: number; title_en: string; title_zh: string; description_en: string; description_zh: string; cover_media_id: number; currency_id: number; price: string; start_at: number; end_at: number };
export type NftListingQuery = PageQuery & { status?: NftListingStatus; sale_type?: NftSaleType; user_id?: number };
export type NftItemQuery = PageQuery & { user_id?: number; keyword?: string };

export const nftApi = {
  overview: () => request<NftAdminOverview>('GET', '/nft'),
  saveSettings: (input: { fee_ratio: string; currencies: string }) => request<{ fee_ratio: string; currencies: number[] }>('POST', '/nft/settings', input),
  media: (query: PageQuery) => request<Page<NftAdminMediaRow>>('GET', `/nft/media?${pageQuery(query)}`),
  upload: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return request<NftAdminMediaRow>('POST', '/nft/media', form);
  },
  saveArtist: (input: NftArtistSave) => request<NftAdminArtistRow>('POST', '/nft/artists', input),
  saveCollection: (input: NftCollectionSave) => request<NftAdminCollectionRow>('POST', '/nft/collections', input),
  saveArtwork: (input: NftArtworkSave) => request<NftAdminItemRow>('POST', '/nft/artworks', input),
  items: (query: NftItemQuery) => request<Page<NftAdminItemRow>>('GET', `/nft/items?${queryString(query)}`),
  createListing: (input: NftListingSave) => request<NftAdminListingRow>('POST', '/nft/listings', input),
  cancelListing: (listing_id: number) => request<{ listing_id: number }>('POST', '/nft/listings/cancel', { listing_id }),
  listings: (query: NftListingQuery) => request<Page<NftAdminListingRow>>('GET', `/nft/listings?${queryString(query)}`),
  saveSeries: (input: NftSeriesSave) => request<NftAdminSeriesRow>('POST', '/nft/series', input),
  setPool: (input: { series_id: number; item_id: number; weight: number }) => request<NftAdminSeriesRow>('POST', '/nft/series/pool', input),
  removePool: (input: { series_id: number; item_id: number }) => request<NftAdminSeriesRow>('POST', '/nft/series/pool/remove', input),
  publish: (series_id: number) => request<NftAdminSeriesRow>('POST', '/nft/series/publish', { series_id }),
  review: (input: { listing_id: number; decision: 'approve' | 'reject'; note: string }) => request<{ listing_id: number; status: string }>('POST', '/nft/review', input),
};
