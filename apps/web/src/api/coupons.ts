import type { CouponOfferView, CouponTab, CouponView, OptionOrderView } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post } from './client.ts';
import { fundsKeys, usePaged, type Page } from './funds.ts';
import { useIdempotent } from './idempotency.ts';
import { optionKeys } from './options.ts';

/**
 * Coupons (/pages/setting/coupon): the coupon centre, claiming, my coupons by tab, applying a fee
 * discount, and spending an experience coupon on a trial seconds option (POST /microtrade/submit with
 * coupon_id).
 */
export const couponKeys = {
  all: ['coupons'] as const,
  centre: ['coupons', 'centre'] as const,
  mine: (tab: CouponTab) => ['coupons', 'mine', tab] as const,
};

export const useCouponCentre = () => useQuery({ queryKey: couponKeys.centre, queryFn: () => get<CouponOfferView[]>('/coupon/centre') });

export const useMyCoupons = (tab: CouponTab) => usePaged(couponKeys.mine(tab), (page) => get<Page<CouponView>>('/coupon/mine', { status: tab, page }));

function useRefreshCoupons() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: couponKeys.all });
}

/** POST /coupon/claim: one coupon of a batch. */
export function useClaimCoupon() {
  const refresh = useRefreshCoupons();
  return useMutation({ mutationFn: (batchId: number) => post<CouponView>('/coupon/claim', { batch_id: batchId }), onSettled: refresh });
}

/** POST /coupon/use: applies a fee discount (refunds start with the next fill). */
export function useApplyCoupon() {
  const refresh = useRefreshCoupons();
  return useMutation({ mutationFn: (id: number) => post<CouponView>('/coupon/use', { id }), onSettled: refresh });
}

export type TrialOrderInput = { match_id: number; currency_id: number; type: 1 | 2; seconds: number; number: string; coupon_id: number };

/** POST /microtrade/submit with an experience coupon: the coupon stakes the order (a money call: idempotent). */
export function useTrialOrder() {
  const queryClient = useQueryClient();
  const refresh = useRefreshCoupons();
  return useMutation({
    mutationFn: useIdempotent((input: TrialOrderInput) => post<OptionOrderView>('/microtrade/submit', input)),
    onSettled: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: optionKeys.all }), queryClient.invalidateQueries({ queryKey: fundsKeys.all })]),
  });
}
