import type { COPY_SORTS, CopyMe, CopyPositionPage, CopyPositionView, CopySkipPage, CopySkipView, CopyType, FollowPage, FollowView, TraderCard, TraderDetail, TraderTrade, TraderTradePage } from '@fairex/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useStore } from '../store/store.ts';
import { get, post } from './client.ts';
import { contractKeys } from './contracts.ts';
import { fundsKeys, usePaged, type Page } from './funds.ts';

/**
 * Copy trading (/follow/*): the trader list and a trader's detail and closed trades (public: logged out
 * they answer without the caller's follow), following and editing a follow, cancelling it, the caller's
 * follows, copies and skipped copies, taking a copy over (self-hold), and applying to become a trader.
 * Shapes are the contract's (schemas/copy.ts).
 */
export type { CopyMe, CopyPositionView, CopySkipView, CopyType, FollowView, TraderCard, TraderDetail, TraderTrade };
export type TraderSort = (typeof COPY_SORTS)[number];
export type FollowStatusTab = 'following' | 'cancelled';
export type CopyListTab = 'current' | 'history';

// The follow form previews with the rules the server keeps the number by (copy-rules.ts). They are not yet
// re-exported by '@fairex/contract/rules' (whose other rule files the web imports this way), so they come
// from their file: one line to change once rules.ts lists copy-rules.ts.
export { copyLots, normalizeCopyNumber } from '@fairex/contract/rules';

/** The caller is part of what a public answer says (`following`, `my_follow`), so it is part of the key. */
const useViewer = () => useStore((s) => (s.token === '' ? 'guest' : 'user'));

export const copyKeys = {
  all: ['copy'] as const,
  traders: (sort: TraderSort, viewer: string) => ['copy', 'traders', sort, viewer] as const,
  trader: (id: number, viewer: string) => ['copy', 'trader', id, viewer] as const,
  trades: (id: number) => ['copy', 'trades', id] as const,
  follows: (status: FollowStatusTab) => ['copy', 'follows', status] as const,
  copies: (status: CopyListTab) => ['copy', 'copies', status] as const,
  skips: ['copy', 'skips'] as const,
  me: ['copy', 'me'] as const,
};

/** GET /follow/index: approved traders, 10 a page, by return, P&L, accuracy or followers. */
export function useTraders(sort: TraderSort) {
  const viewer = useViewer();
  return usePaged(copyKeys.traders(sort, viewer), (page) => get<Page<TraderCard>>('/follow/index', { page, sort }));
}

/** GET /follow/traderDetail: the statistics, the series of the chart, the caller's follow and the limits. */
export function useTraderDetail(id: number) {
  const viewer = useViewer();
  return useQuery({ queryKey: copyKeys.trader(id, viewer), queryFn: () => get<TraderDetail>('/follow/traderDetail', { trader_user_id: id }) });
}

/** GET /follow/historyTrade: the trader's closed own positions, newest first. */
export const useTraderTrades = (id: number) => usePaged(copyKeys.trades(id), (page) => get<TraderTradePage>('/follow/historyTrade', { trader_user_id: id, page }));

/** GET /follow/me: the caller as a trader (application, results) and as a follower (totals), and the limits. */
export function useCopyMe() {
  const loggedIn = useStore((s) => s.token !== '');
  return useQuery({ queryKey: copyKeys.me, queryFn: () => get<CopyMe>('/follow/me'), enabled: loggedIn });
}

/** GET /follow/myFollows: the caller's follows, following or cancelled, newest first. */
export const useMyFollows = (status: FollowStatusTab) => usePaged(copyKeys.follows(status), (page) => get<FollowPage>('/follow/myFollows', { status, page }));

/** GET /follow/myCopies: copied positions open now, or closed. */
export const useMyCopies = (status: CopyListTab) => usePaged(copyKeys.copies(status), (page) => get<CopyPositionPage>('/follow/myCopies', { status, page }));

/** GET /follow/mySkips: trader positions the caller got no copy of, and why. */
export const useMySkips = () => usePaged(copyKeys.skips, (page) => get<CopySkipPage>('/follow/mySkips', { page }));

/** Copy trading, contract positions and balances: a follow, a copy or a self-hold touches them all. */
function useRefreshCopy() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: copyKeys.all }),
      queryClient.invalidateQueries({ queryKey: contractKeys.all }),
      queryClient.invalidateQueries({ queryKey: fundsKeys.all }),
    ]);
}

export type FollowInput = { trader_user_id: number; number: string; type: CopyType };

/** POST /follow/follow: follows, or edits the caller's follow of this trader; the answer has the number kept. */
export function useFollow() {
  const refresh = useRefreshCopy();
  return useMutation({ mutationFn: (input: FollowInput) => post<FollowView>('/follow/follow', input), onSettled: refresh });
}

/** POST /follow/cancel: no new copies; open ones stay linked and close with the trader's positions. */
export function useCancelFollow() {
  const refresh = useRefreshCopy();
  return useMutation({ mutationFn: (traderId: number) => post<FollowView>('/follow/cancel', { follow_user_id: traderId }), onSettled: refresh });
}

/** POST /follow/selfHolding: the copy becomes the caller's own position, closed by hand and sharing no profit. */
export function useSelfHold() {
  const refresh = useRefreshCopy();
  return useMutation({ mutationFn: (positionId: number) => post<CopyPositionView>('/follow/selfHolding', { transaction_id: positionId }), onSettled: refresh });
}

/** POST /follow/apply: become a trader, having accepted the agreement page in `agreement`'s language. */
export function useApplyTrader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agreement: 'zh' | 'en') => post<CopyMe>('/follow/apply', { agreement, accept: 1 }),
    onSuccess: (me) => queryClient.setQueryData(copyKeys.me, me),
    onSettled: () => queryClient.invalidateQueries({ queryKey: copyKeys.all }),
  });
}
