import type {
  NftArtistDetailView,
  NftArtistView,
  NftBidView,
  NftBoxView,
  NftCollectView,
  NftCollectionView,
  NftCurrencyView,
  NftDetailView,
  NftMarginView,
  NftMediaType,
  NftMessagePage,
  NftMineView,
  NftMyBidView,
  NftMyTab,
  NftOpenView,
  NftOrderView,
  NftSaleType,
} from '@fairex/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post, type RequestData } from './client.ts';
import { fundsKeys, usePaged, type Page } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * The NFT marketplace (spec section 7, /bind_box/*): the catalogue (listings with filters, artists,
 * collections, coins), one item's page, and the user's calls: favourite, buy, margin and bid, pay a won
 * auction, open a blind box, resell, and their NFTs, bids, orders and messages. Money calls carry an
 * idempotency key so a double tap cannot buy or bid twice.
 */
const BASE = '/bind_box';

/** The browse filters (getBoxList); an empty value means "any". */
export type NftFilters = {
  currency?: number;
  sale_type?: NftSaleType;
  /** The buy status: 2 not started, 1 on sale, 0 ended. */
  status?: 0 | 1 | 2;
  media_type?: NftMediaType;
  keyword?: string;
  artist?: number;
  collection?: number;
  favourite?: boolean;
};

export const nftKeys = {
  all: ['nft'] as const,
  list: (filters: NftFilters, loggedIn: boolean) => ['nft', 'list', filters, loggedIn] as const,
  artists: (keyword: string) => ['nft', 'artists', keyword] as const,
  artist: (uid: number) => ['nft', 'artist', uid] as const,
  collections: ['nft', 'collections'] as const,
  currencies: ['nft', 'currencies'] as const,
  detail: (code: string, loggedIn: boolean) => ['nft', 'detail', code, loggedIn] as const,
  bids: (code: string) => ['nft', 'bids', code] as const,
  mine: (tab: NftMyTab) => ['nft', 'mine', tab] as const,
  myBids: ['nft', 'my-bids'] as const,
  orders: (status: NftOrderFilter) => ['nft', 'orders', status] as const,
  messages: ['nft', 'messages'] as const,
};

export type NftOrderFilter = 'unpaid' | 'all';

/** A list the server may answer as a page or as a plain array (the collections): its rows either way. */
export const rowsOf = <T>(answer: Page<T> | T[] | null | undefined): T[] => (Array.isArray(answer) ? answer : (answer?.data ?? []));

const filterData = (filters: NftFilters): RequestData => ({
  currency: filters.currency,
  sale_type: filters.sale_type,
  status: filters.status,
  media_type: filters.media_type,
  keyword: filters.keyword?.trim() || undefined,
  artist: filters.artist,
  collection: filters.collection,
  favourite: filters.favourite ? 1 : undefined,
});

/** GET /bind_box/getBoxList: listings, on sale first, 10 a page. */
export function useNftList(filters: NftFilters) {
  const loggedIn = useStore((s) => s.token !== '');
  return usePaged(nftKeys.list(filters, loggedIn), (page) => get<Page<NftBoxView>>(`${BASE}/getBoxList`, { ...filterData(filters), page }));
}

/** GET /bind_box/getArtist: the artists, 10 a page. */
export const useNftArtists = (keyword = '') =>
  usePaged(nftKeys.artists(keyword), (page) => get<Page<NftArtistView>>(`${BASE}/getArtist`, { page, keyword: keyword.trim() || undefined }));

/** GET /bind_box/getArtistDetail?uid=: one artist (the screen pages their works with getBoxList?artist=). */
export const useNftArtist = (uid: number) =>
  useQuery({ queryKey: nftKeys.artist(uid), queryFn: () => get<NftArtistDetailView>(`${BASE}/getArtistDetail`, { uid }), enabled: uid > 0 });

/** GET /bind_box/getCollection: the collections. */
export const useNftCollections = () =>
  useQuery({ queryKey: nftKeys.collections, queryFn: async () => rowsOf(await get<Page<NftCollectionView> | NftCollectionView[]>(`${BASE}/getCollection`)) });

/** GET /bind_box/getNftCurrency: the coins NFTs are priced in. */
export const useNftCurrencies = () =>
  useQuery({ queryKey: nftKeys.currencies, queryFn: async () => rowsOf(await get<Page<NftCurrencyView> | NftCurrencyView[]>(`${BASE}/getNftCurrency`)) });

/** How often an item's page asks again while an auction or sale runs, so bids and the state follow the server. */
export const NFT_DETAIL_REFRESH_MS = 5_000;

/** GET /bind_box/getBoxDetail?code=: an artwork, a box or a series, with its listing, history and draw. */
export function useNftDetail(code: string) {
  const loggedIn = useStore((s) => s.token !== '');
  return useQuery({
    queryKey: nftKeys.detail(code, loggedIn),
    queryFn: () => get<NftDetailView>(`${BASE}/getBoxDetail`, { code }),
    enabled: code !== '',
    // Bids and the sale's state move while the page is open: asked again while something is on sale.
    refetchInterval: (query) => (query.state.data?.listing?.status === 'on_sale' ? NFT_DETAIL_REFRESH_MS : false),
  });
}

/** POST /bind_box/getBindBoxQuotationLog (code): an auction's bids, highest first. */
export function useNftBids(code: string, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: nftKeys.bids(code),
    queryFn: ({ pageParam }) => post<Page<NftBidView>>(`${BASE}/getBindBoxQuotationLog`, { code, page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled: enabled && code !== '',
    refetchInterval: enabled ? NFT_DETAIL_REFRESH_MS : false,
  });
}

/** POST /bind_box/getMyNFTs: the user's NFTs held, reselling or sold. */
export const useMyNfts = (tab: NftMyTab) => usePaged(nftKeys.mine(tab), (page) => post<Page<NftMineView>>(`${BASE}/getMyNFTs`, { page, status: tab }));

/** POST /bind_box/getMyBindBoxQuotationLog: the user's bids, newest first. */
export const useMyNftBids = () => usePaged(nftKeys.myBids, (page) => post<Page<NftMyBidView>>(`${BASE}/getMyBindBoxQuotationLog`, { page }));

/** POST /bind_box/getNeedPayNFTOrder: the auction wins to pay (unpaid), or every purchase (all). */
export const useNftOrders = (status: NftOrderFilter) =>
  usePaged(nftKeys.orders(status), (page) => post<Page<NftOrderView>>(`${BASE}/getNeedPayNFTOrder`, { page, status }));

/** POST /bind_box/getNFTOrderMessage: the user's NFT messages, newest first, with the unread count. */
export const useNftMessages = () =>
  useInfiniteQuery({
    queryKey: nftKeys.messages,
    queryFn: ({ pageParam }) => post<NftMessagePage>(`${BASE}/getNFTOrderMessage`, { page: pageParam }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
  });

/** Every NFT list and the balances: what a purchase, bid, payment or resale may change. */
function useRefreshNft() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: nftKeys.all }), queryClient.invalidateQueries({ queryKey: fundsKeys.all })]);
}

/** POST /bind_box/collect (code): toggles a favourite; answers whether it is one now. */
export function useNftCollect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string }) => post<NftCollectView>(`${BASE}/collect`, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.all }),
  });
}

/** POST /bind_box/buyNFT (code, user seed for a box): a fixed-price artwork or one blind box. */
export function useNftBuy() {
  const refresh = useRefreshNft();
  return useMutation({
    mutationFn: useIdempotent((input: { code: string; user_seed?: string }) => post<NftOrderView>(`${BASE}/buyNFT`, input)),
    onSettled: refresh,
  });
}

/** POST /bind_box/marginNFT (code): pays the auction's margin once, so the user may bid. */
export function useNftMargin() {
  const refresh = useRefreshNft();
  return useMutation({ mutationFn: useIdempotent((input: { code: string }) => post<NftMarginView>(`${BASE}/marginNFT`, input)), onSettled: refresh });
}

/** POST /bind_box/auctionNFT (code, price): one bid. */
export function useNftBid() {
  const refresh = useRefreshNft();
  return useMutation({ mutationFn: useIdempotent((input: { code: string; price: string }) => post<NftBoxView>(`${BASE}/auctionNFT`, input)), onSettled: refresh });
}

/** POST /bind_box/payNFTOrder (id): pays a won auction before its due time. */
export function useNftPay() {
  const refresh = useRefreshNft();
  return useMutation({ mutationFn: useIdempotent((input: { id: number }) => post<NftOrderView>(`${BASE}/payNFTOrder`, input)), onSettled: refresh });
}

/** POST /bind_box/openBlindBox (code, user seed): draws the box's artwork; answers it with the draw's record. */
export function useNftOpen() {
  const refresh = useRefreshNft();
  return useMutation({ mutationFn: (input: { code: string }) => post<NftOpenView>(`${BASE}/openBlindBox`, input), onSettled: refresh });
}

export type NftResellRequest = { code: string; price: string; sale_type: 'normal' | 'auction'; times: number; increment?: string; margin?: string; currency_id?: number };

/** POST /bind_box/resellNFT: offers a held artwork again, irrevocably, pending customer service's review. */
export function useNftResell() {
  const refresh = useRefreshNft();
  return useMutation({ mutationFn: useIdempotent((input: NftResellRequest) => post<NftBoxView>(`${BASE}/resellNFT`, input)), onSettled: refresh });
}

/** POST /bind_box/readNFTOrderMessage (id): marks one of the user's messages read. */
export function useNftReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number }) => post<unknown>(`${BASE}/readNFTOrderMessage`, input, true),
    onSettled: () => queryClient.invalidateQueries({ queryKey: nftKeys.messages }),
  });
}
