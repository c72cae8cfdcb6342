import type { IdentityState, IdType } from '@fairex/contract';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { get, post, upload } from './client.ts';
import { useIdempotent } from './idempotency.ts';

/** Funds and identity calls of spec section 7 (Wallet, User), typed after the server's answers. */
export const FUNDS_PAGE_SIZE = 10;

export type Page<T> = { data: T[]; total: number; page: number; limit: number };

export type CoinBalance = {
  currency_id: number;
  currency: string;
  logo: string | null;
  decimals: number;
  balance: string;
  available: string;
  frozen: string;
  locked: string;
  /** Held by open contract positions (contract account only): counted in `balance`, which is available + frozen + locked + margin. */
  margin: string;
  /** Their unrealised P&L at the latest marks, shown apart: counted in no balance until the positions close. */
  profit: string;
  price_usdt: string;
  usdt_value: string;
};
export type AccountSection = { kind: string; field: string; id: number; total_usdt: string; balance: CoinBalance[] };
export type WalletList = { total_usdt: string; accounts: AccountSection[] };

/** A coin the user holds or may hold; `enabled` false marks a coin the operator disabled that the user still holds. */
export type UserCoin = { id: number; name: string; logo: string | null; decimals: number; enabled: boolean; available: Record<string, string> };

export type TransferRow = { id: number; currency_id: number; currency: string; number: string; from_field: string; to_field: string; created_at: string };

export type BillRow = {
  id: number;
  type: string;
  memo: string | null;
  currency: string;
  account_type: string;
  bucket: string;
  amount: string;
  balance_after: string;
  created_at: string;
};

export type NetworkView = { network: string; deposit_enabled: boolean; withdraw_enabled: boolean; withdraw_fee: string; withdraw_min: string; deposit_min?: string };
export type DepositInfo = { id: number; name: string; logo: string | null; decimals: number; network: string; networks: NetworkView[]; contact_first: boolean };
export type DepositAddress = { currency_id: number; currency: string; network: string; address: string };
export type RechargeRow = { id: number; currency: string; network: string; amount: string; status: string; reason: string | null; created_at: string };
/** Where a withdrawal went, as copied on the request: a wallet address, or a card (its bank and account number). */
export type WithdrawalDestination = { name?: string; address?: string; network?: string; bank_name?: string; bank_account?: string };
export type WithdrawalRow = {
  id: number;
  currency: string;
  network: string;
  number: string;
  fee: string;
  arrival: string;
  destination_type: 'address' | 'bank' | 'international';
  destination: WithdrawalDestination | null;
  status: string;
  reason: string | null;
  created_at: string;
};
export type WithdrawLimitLeft = { level: number; limit_btc: string; used_btc: string; remaining_btc: string; remaining: string | null; currency: string };

export type WalletAddressRow = { id: number; currency_id: number; currency: string; network: string; name: string; address: string; qrcode: string; created_at: string };

export type IdentityStatus = {
  level: 0 | 1 | 2;
  state: IdentityState;
  real_type: number;
  reason: string | null;
  basic: { state: IdentityState; reason: string | null; name: string | null; id_type: IdType | null; card_id: string | null };
  advanced: { state: IdentityState; reason: string | null };
  limits: { withdraw_24h_btc: string; fiat_trade_per_order_usdt: string };
};

export const fundsKeys = {
  all: ['funds'] as const,
  wallet: ['funds', 'wallet'] as const,
  coins: ['funds', 'coins'] as const,
  transfers: ['funds', 'transfers'] as const,
  bills: (type: string, currency: string) => ['funds', 'bills', type, currency] as const,
  deposit: (currency: number, network: string) => ['funds', 'deposit', currency, network] as const,
  recharges: ['funds', 'recharges'] as const,
  withdrawals: ['funds', 'withdrawals'] as const,
  identity: ['identity'] as const,
  addresses: ['funds', 'addresses'] as const,
};

/** POST /wallet/list: every account kind with its coins and USDT values. */
/** POST /wallet/list: every account's balances (also prefetched with the assets page). */
export const walletListQuery = queryOptions({ queryKey: fundsKeys.wallet, queryFn: () => post<WalletList>('/wallet/list') });
export const useWalletList = () => useQuery(walletListQuery);

/** GET /currency/user_currency_list: the coins with the available amount per account field. */
export const useUserCoins = () => useQuery({ queryKey: fundsKeys.coins, queryFn: () => get<UserCoin[]>('/currency/user_currency_list') });
/** The coins that take deposits, withdrawals and transfers: a disabled coin stays in the records only. */
export const useEnabledUserCoins = () =>
  useQuery({ queryKey: fundsKeys.coins, queryFn: () => get<UserCoin[]>('/currency/user_currency_list'), select: (coins) => coins.filter((coin) => coin.enabled) });

/**
 * A paged list that loads the next page of 10 on demand ("load more"). `refetchEvery` polls while the
 * pages read so far call for it (a countdown run out, say): milliseconds, or false for no polling.
 */
export function usePaged<P extends Page<unknown>>(
  queryKey: readonly unknown[],
  fetchPage: (page: number) => Promise<P>,
  { enabled = true, refetchEvery }: { enabled?: boolean; refetchEvery?: (pages: readonly P[]) => number | false } = {},
) {
  return useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    enabled,
    refetchInterval: refetchEvery ? (query) => refetchEvery(query.state.data?.pages ?? []) : false,
  });
}

export const useTransferHistory = () =>
  usePaged(fundsKeys.transfers, (page) => get<Page<TransferRow>>('/wallet/hzhistory', { page }));

export const useBills = (type: string, currency: string) =>
  usePaged(fundsKeys.bills(type, currency), (page) => post<Page<BillRow>>('/wallet/legal_log', { type, currency, page }));

export const useRechargeLog = () =>
  usePaged(fundsKeys.recharges, (page) => get<Page<RechargeRow>>('/recharge/log', { page, limit: FUNDS_PAGE_SIZE }));

export const useWithdrawalList = () =>
  usePaged(fundsKeys.withdrawals, (page) => get<Page<WithdrawalRow>>('/user/withdraw/list', { page, limit: FUNDS_PAGE_SIZE }));

function useRefreshFunds() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: fundsKeys.all });
}

/** POST /wallet/change: moves an available amount of one coin between two account kinds. */
export function useAccountTransfer() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: useIdempotent((input: { currency_id: number; number: string; from_field: string; to_field: string }) =>
      post<{ id: number }>('/wallet/change', input),
    ),
    onSuccess: refresh,
  });
}

/** POST /wallet/get_info: a coin's networks, to choose one before depositing. */
export const useDepositInfo = (currency: number) =>
  useQuery({ queryKey: ['funds', 'deposit-info', currency], enabled: currency > 0, queryFn: () => post<DepositInfo>('/wallet/get_info', { currency }) });

/** POST /wallet/get_info then POST /wallet/get_in_address, unless service must be contacted first. */
export function useDepositTarget(currency: number, network: string) {
  return useQuery({
    queryKey: fundsKeys.deposit(currency, network),
    enabled: currency > 0,
    queryFn: async () => {
      const info = await post<DepositInfo>('/wallet/get_info', { currency, network: network || undefined });
      if (info.contact_first) return { info, address: null };
      const address = await post<DepositAddress>('/wallet/get_in_address', { currency, network: info.network });
      return { info, address };
    },
  });
}

/** Uploads the voucher image, then POST /wallet/charge_req. */
export function useRecharge() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: async (input: { currency: number; network: string; amount: string; voucher: File }) => {
      const voucher = await upload(input.voucher);
      return post<{ id: number; status: string }>('/wallet/charge_req', { currency: input.currency, network: input.network, amount: input.amount, voucher });
    },
    onSuccess: refresh,
  });
}

/** GET /real/state. */
export const useIdentityState = () => useQuery({ queryKey: fundsKeys.identity, queryFn: () => get<IdentityStatus>('/real/state') });

export type IdentitySubmission =
  | { real_type: 1; id_type: IdType; name: string; card_id: string }
  | { real_type: 2; front: File; back: File };

/** POST /user/real: basic with the typed fields, advanced with both photos uploaded first. */
export function useSubmitIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: IdentitySubmission) => {
      if (input.real_type === 1) return post<string>('/user/real', input);
      const front_pic = await upload(input.front);
      const reverse_pic = await upload(input.back);
      return post<string>('/user/real', { real_type: 2, front_pic, reverse_pic });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundsKeys.identity }),
  });
}

/** GET /user/wallet/list: the user's withdrawal addresses, 10 a page. */
export const useWalletAddresses = () =>
  usePaged(fundsKeys.addresses, (page) => get<Page<WalletAddressRow>>('/user/wallet/list', { page, limit: FUNDS_PAGE_SIZE }));

/** POST /user/wallet/delete. */
export function useDeleteWalletAddress() {
  const refresh = useRefreshFunds();
  return useMutation({ mutationFn: (id: number) => post<string>('/user/wallet/delete', { id }), onSuccess: refresh });
}

/** Uploads the address's QR image, then POST /user/wallet/save (on the network the user picked, when the coin has several). */
export function useSaveWalletAddress() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: async (input: { currency: number; network?: string; name: string; address: string; qrcode: File; pay_password: string }) => {
      const qrcode = await upload(input.qrcode);
      return post<{ id: number; network: string }>('/user/wallet/save', {
        currency: input.currency,
        network: input.network,
        name: input.name,
        address: input.address,
        qrcode,
        pay_password: input.pay_password,
      });
    },
    onSuccess: refresh,
  });
}

/** Where a withdrawal goes: a bound address (by id), or the user's domestic or international card (on a network for its fee). */
export type WithdrawTarget = { destination: 'address'; address_id: number } | { destination: 'bank' | 'international'; network?: string };

/** POST /wallet/withdraw_limit: what is left of the 24-hour withdrawal limit, in BTC and in the coin. */
export const useWithdrawLimit = (currency: number) =>
  useQuery({
    queryKey: [...fundsKeys.withdrawals, 'limit', currency],
    enabled: currency > 0,
    queryFn: () => post<WithdrawLimitLeft>('/wallet/withdraw_limit', { currency }),
  });

/** POST /wallet/out: a quantity of a coin to a bound address or a saved bank card (frozen until reviewed). */
export function useWithdraw() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: useIdempotent((input: { currency: number; number: string; pay_password?: string } & WithdrawTarget) =>
      post<{ id: number; status: string; number: string; fee: string; arrival: string }>('/wallet/out', input),
    ),
    onSuccess: refresh,
  });
}

export type WalletDetail = CoinBalance & { kind: string; field: string };

/** POST /wallet/detail: one coin's figures in one account kind. */
export const useWalletDetail = (currency: number, type: string) =>
  useQuery({
    queryKey: ['funds', 'detail', currency, type],
    enabled: currency > 0,
    queryFn: () => post<WalletDetail>('/wallet/detail', { currency, type }),
  });

export type ExchangeCoin = { id: number; name: string; logo: string | null; decimals: number; price_usdt: string; available: string };
export type ExchangeQuote = { from_currency_id: number; to_currency_id: number; rate: string; fee_rate: string };

/** POST /user/getTransferList: coins that can be exchanged, with the spot available of each. */
export const useExchangeCoins = () =>
  useQuery({ queryKey: ['funds', 'exchange-coins'], queryFn: () => post<ExchangeCoin[]>('/user/getTransferList') });

/** POST /user/getTransferFee: the rate (target per source unit) and the fee rate of a pair. */
export const useExchangeQuote = (from: number, to: number) =>
  useQuery({
    queryKey: ['funds', 'exchange-quote', from, to],
    enabled: from > 0 && to > 0 && from !== to,
    queryFn: () => post<ExchangeQuote>('/user/getTransferFee', { from_currency_id: from, to_currency_id: to }),
  });

/** POST /user/Transfer: exchanges a quantity of one coin for another in the spot account. */
export function useExchange() {
  const refresh = useRefreshFunds();
  return useMutation({
    mutationFn: useIdempotent((input: { number: string; from_currency_id: number; to_currency_id: number }) =>
      post<{ id: number; received: string; fee: string }>('/user/Transfer', input),
    ),
    onSuccess: refresh,
  });
}
