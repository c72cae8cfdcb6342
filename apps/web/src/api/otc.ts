import type { OtcAdView, OtcConfig, OtcMessagePage, OtcOrderView, OtcPaymentSetup, OtcQuote, OtcSide } from '@fairex/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, upload } from './client.ts';
import { fundsKeys, usePaged, type Page } from './funds.ts';
import { useIdempotent } from './idempotency.ts';

/**
 * OTC and quick buy (/pages/otc/otc): what the screens choose from, the market's ads, taking one, the
 * orders with their chat, quick buy, and a merchant's application, ads and payment accounts. Shapes are
 * the contract's (schemas/otc.ts); a proof or a chat image goes through POST /upload first.
 */
export type { OtcAdView, OtcConfig, OtcOrderView, OtcQuote };
/** The order lists: open (pending, paid, appealed) and ended (released, cancelled). */
export type OtcOrderTab = 'open' | 'ended';
export type OtcAmountIn = 'fiat' | 'coin';
export type OtcMarket = { side: OtcSide; currency_id: number; fiat: string };

export const otcKeys = {
  all: ['otc'] as const,
  config: ['otc', 'config'] as const,
  ads: (market: OtcMarket) => ['otc', 'ads', market.side, market.currency_id, market.fiat] as const,
  ad: (id: number) => ['otc', 'ad', id] as const,
  myAds: ['otc', 'my-ads'] as const,
  orders: (tab: OtcOrderTab) => ['otc', 'orders', tab] as const,
  order: (id: string) => ['otc', 'order', id] as const,
  messages: (id: string) => ['otc', 'messages', id] as const,
  payments: ['otc', 'payments'] as const,
  quote: (input: QuickInput) => ['otc', 'quote', input.side, input.currency_id, input.fiat, input.amount, input.amount_in] as const,
};

/** GET /otc/config: coins, kept fiats with rates, methods, the user's level and limit, merchant standing and fiat-account balances. */
export const useOtcConfig = () => useQuery({ queryKey: otcKeys.config, queryFn: () => get<OtcConfig>('/otc/config') });

/** GET /otc/ads: the online ads of a market, best price first, 10 a page. */
export const useOtcAds = (market: OtcMarket) => usePaged(otcKeys.ads(market), (page) => get<Page<OtcAdView>>('/otc/ads', { ...market, page }));

/** GET /otc/my/ads: the merchant's own ads, online and closed. */
export const useMyOtcAds = () => usePaged(otcKeys.myAds, (page) => get<Page<OtcAdView>>('/otc/my/ads', { page }));

/** GET /otc/orders: the user's orders as buyer or seller, newest first. */
export const useOtcOrders = (tab: OtcOrderTab) => usePaged(otcKeys.orders(tab), (page) => get<Page<OtcOrderView>>('/otc/orders', { status: tab, page }));

/** GET /otc/order: one of the user's orders. */
export const useOtcOrder = (id: string) => useQuery({ queryKey: otcKeys.order(id), queryFn: () => get<OtcOrderView>('/otc/order', { id }), enabled: id !== '' });

/** GET /otc/order/messages: the chat, newest page first (older pages by `before`). */
export function useOtcMessages(id: string) {
  return useInfiniteQuery({
    queryKey: otcKeys.messages(id),
    queryFn: ({ pageParam }) => get<OtcMessagePage>('/otc/order/messages', { id, before: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => (last.has_more ? last.messages.at(-1)?.id : undefined),
  });
}

/** GET /otc/payment/accounts: every method on offer with what the user filled in for it. */
export const useOtcPayments = () => useQuery({ queryKey: otcKeys.payments, queryFn: () => get<OtcPaymentSetup>('/otc/payment/accounts') });

export type QuickInput = { side: OtcSide; currency_id: number; fiat: string; amount: string; amount_in: OtcAmountIn };

/** GET /otc/quick/quote: the ad quick buy would take for the amount now (quiet: "no ad fits" is shown in place). */
export function useOtcQuote(input: QuickInput | undefined) {
  return useQuery({
    queryKey: input ? otcKeys.quote(input) : ['otc', 'quote', 'none'],
    queryFn: () => get<OtcQuote>('/otc/quick/quote', input, true),
    enabled: input !== undefined,
    retry: false,
    placeholderData: keepPreviousData,
  });
}

/** Everything OTC and the balances: an order or an ad moves coins in the fiat account. */
export function useRefreshOtc() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: otcKeys.all }), queryClient.invalidateQueries({ queryKey: fundsKeys.all })]);
}

/** POST /otc/order/place: takes an ad for an amount in its fiat or in its coin. */
export function usePlaceOtcOrder() {
  const refresh = useRefreshOtc();
  return useMutation({
    mutationFn: useIdempotent((input: { ad_id: number; amount: string; amount_in: OtcAmountIn }) => post<OtcOrderView>('/otc/order/place', input)),
    onSettled: refresh,
  });
}

/** POST /otc/quick: the same order on the best ad for the amount, picked by the server at that moment. */
export function useQuickOtc() {
  const refresh = useRefreshOtc();
  return useMutation({
    mutationFn: useIdempotent((input: QuickInput) => post<OtcOrderView>('/otc/quick', input)),
    onSettled: refresh,
  });
}

/** An order action on one order (cancel, paid, release, appeal): the order comes back and everything refreshes. */
function useOrderAction<I extends { id: string }>(send: (input: I) => Promise<OtcOrderView>) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOtc();
  return useMutation({
    mutationFn: send,
    onSuccess: (order) => queryClient.setQueryData(otcKeys.order(order.id), order),
    onSettled: refresh,
  });
}

export const useCancelOtcOrder = () => useOrderAction((input: { id: string }) => post<OtcOrderView>('/otc/order/cancel', input));

/** POST /otc/order/paid: the proof image uploaded first, then the order marked paid with the method used. */
export const useMarkOtcPaid = () =>
  useOrderAction(async (input: { id: string; method_id: number; proof: File }) => {
    const proof = await upload(input.proof);
    return post<OtcOrderView>('/otc/order/paid', { id: input.id, method_id: input.method_id, proof });
  });

export const useReleaseOtcOrder = () => useOrderAction((input: { id: string; pay_password: string }) => post<OtcOrderView>('/otc/order/release', input));
export const useAppealOtcOrder = () => useOrderAction((input: { id: string; reason: string }) => post<OtcOrderView>('/otc/order/appeal', input));

/** POST /otc/order/message: text, an image (uploaded first), or both. */
export function useSendOtcMessage(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { body: string; image: File | null }) => {
      const image = input.image ? await upload(input.image) : undefined;
      return post<unknown>('/otc/order/message', { id: orderId, body: input.body, image });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: otcKeys.messages(orderId) }),
  });
}

/** POST /otc/merchant/apply: the name takers will see; an operator decides. */
export function useApplyMerchant() {
  const refresh = useRefreshOtc();
  return useMutation({ mutationFn: (input: { name: string }) => post<unknown>('/otc/merchant/apply', input), onSuccess: refresh });
}

export type AdDraft = {
  side: OtcSide;
  currency_id: number;
  fiat: string;
  price_type: 'fixed' | 'floating';
  price?: string;
  margin?: string;
  quantity: string;
  min_fiat: string;
  max_fiat: string;
  method_ids: string;
  pay_minutes: number;
  remark: string;
};

/** POST /otc/ad/post: a sell ad freezes its quantity in the fiat account at once. */
export function usePostOtcAd() {
  const refresh = useRefreshOtc();
  return useMutation({ mutationFn: useIdempotent((input: AdDraft) => post<OtcAdView>('/otc/ad/post', input)), onSettled: refresh });
}

/** POST /otc/ad/close: takes an ad offline; what a sell ad still holds returns to the available balance. */
export function useCloseOtcAd() {
  const refresh = useRefreshOtc();
  return useMutation({ mutationFn: (input: { id: number }) => post<unknown>('/otc/ad/close', input), onSettled: refresh });
}

/** POST /otc/payment/save: the holder and account number of an operator's method, confirmed by the pay password. */
export function useSaveOtcPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { method_id: number; holder: string; account: string; pay_password: string }) => post<OtcPaymentSetup>('/otc/payment/save', input),
    onSuccess: (setup) => queryClient.setQueryData(otcKeys.payments, setup),
  });
}

/** POST /otc/payment/delete: orders already placed keep the details they copied. */
export function useDeleteOtcPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { method_id: number }) => post<OtcPaymentSetup>('/otc/payment/delete', input),
    onSuccess: (setup) => queryClient.setQueryData(otcKeys.payments, setup),
  });
}
