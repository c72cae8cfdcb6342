/**
 * The back-office API client. Every answer is an envelope `{ type, message }`: 'ok' carries the data,
 * '999' means the operator session is gone (callers go to the login screen), 'error' carries a message
 * already translated by the server into the operator's language.
 *
 * The session token is never seen here: the server keeps it in an httpOnly cookie sent only to
 * /api/admin. Every call carries the session's CSRF proof, read from the readable cookie the login set
 * (server admin/operator-cookies.ts), in the X-CSRF-Token header that a cross-site form cannot send.
 */
import type { ContractExposure, ContractSettings, ContractSettingsUpdateInput } from '@fairex/contract';
import type { AccountKind, LedgerAuditCheck } from '@fairex/contract/accounts';
import { storedLang, t } from './i18n.tsx';

const API_BASE = '/api/admin';
const CSRF_COOKIE = 'fairex_admin_csrf';
/** The server refuses pages larger than this (PAGE_SIZE_MAX in the contract). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE = 10;

export type Role = 'admin' | 'reviewer' | 'support';
/** `must_change_password`: the password was given by someone else; the server refuses all but me, logout and the change. */
export type Operator = { id: number; username: string; role: Role; must_change_password: boolean };
export type OperatorRow = {
  id: number;
  username: string;
  role: Role;
  disabled: boolean;
  must_change_password: boolean;
  created_at: string;
  disabled_at: string | null;
};
export type OperatorEdit = { role?: Role; disabled?: boolean };

export type Page<T> = { data: T[]; total: number; page: number; limit: number };
export type PageQuery = { page: number; limit: number; q?: string };

// ---- markets (symbols, spot fees, market maker, order and trade search) ----

export type SymbolKind = 'spot' | 'futures' | 'stock';
export type SymbolRow = {
  id: number;
  symbol: string;
  kind: SymbolKind;
  base_currency_id: number | null;
  base: string | null;
  quote_currency_id: number;
  quote: string | null;
  start_price: string;
  volatility: number;
  price_decimals: number;
  quantity_decimals: number;
  enabled: boolean;
  sort: number;
  /** Spot: the smallest order value in the quote coin ("0" for none). */
  order_value_min: string;
  /** The current index price from the feed; null while the symbol is not priced. */
  price: string | null;
  /** True once the symbol ticked or traded: its start price can no longer change. */
  start_price_locked: boolean;
  /**
   * Whether the feed has an index for it now; if not, why (a public feed with too few agreeing live sources,
   * or none for stocks). `quotes` (public feed): each source's state, last price and its time (epoch ms).
   */
  index_status: ({ available: true } | { available: false; reason: 'not_priced' | 'no_public_source' | 'too_few_sources'; required: number }) & {
    sources: string[];
    quotes?: SourceState[];
  };
  /** The declared simulation's history written at first start (candles from `from` to `to`, epoch ms); its seed is never served. */
  simulated_history: { from: number; to: number; stepMs: number } | null;
};
/** One public source's state for a coin: live and used, stale (or never answered), or an outlier dropped from the median. */
export type SourceState = { source: string; status: 'live' | 'stale' | 'outlier'; price: string | null; time: number | null };
/** A public source's configured base URL and host; custom when it is not the exchange's own (PRICE_SOURCE_URLS). */
export type SourceHost = { source: string; url: string; host: string; custom: boolean };
export type SymbolList = { symbols: SymbolRow[]; coins: { id: number; name: string }[]; feed: { kind: 'simulation' | 'public'; sources: SourceHost[] } };
export type SymbolCreate = {
  symbol: string;
  kind: SymbolKind;
  base_currency_id?: number;
  /** USDT when omitted. */
  quote_currency_id?: number;
  start_price: string;
  volatility: string;
  price_decimals: number;
  quantity_decimals: number;
  enabled: boolean;
  sort: number;
  order_value_min?: string;
};
export type SymbolEdit = { enabled?: boolean; sort?: number; volatility?: string; start_price?: string; order_value_min?: string };
// ---- contracts (futures and stocks: settings, insurance fund, exposure, liquidations, overnight fees) ----
export type { ContractExposure, ContractSettings, ContractSettingsUpdateInput };
export type ContractFunds = { currency_id: number; insurance_fund: string; margins_held: string }[];
export type LiquidationRow = {
  id: number;
  user_id: number;
  account: string;
  symbol: string;
  side: 'long' | 'short';
  lots: number;
  multiple: number;
  open_price: string;
  close_price: string;
  margin: string;
  profit: string;
  close_tick_id: string | null;
  closed_at: string;
};
export type OvernightRun = { day: string; positions: number; amount: string; from_margin: string; from_available: string; charged_at: string };
export type FiatRateRow = { currency_code: string; rate: string; updated_at: string };
export type SpotFeeRow = { symbol_id: number; symbol: string; enabled: boolean; maker_fee_rate: string; taker_fee_rate: string };
export type MarketMakerSettings = {
  levels: number;
  spread_bps: number;
  step_bps: number;
  level_value: string;
  requote_bps: number;
  /** Inventory band (USDT value of its holding of a symbol's base coin). */
  inventory_min_value: string;
  inventory_max_value: string;
};
export type MarketMakerView = {
  settings: MarketMakerSettings | null;
  account: {
    user_id: number | null;
    account: string;
    balances: { currency_id: number; currency: string; available: string; frozen: string; balance: string }[];
  };
};
/** The development demo spot traders' switch (GET/POST /api/admin/spot/demo-trading). */
export type SpotDemoTrading = { enabled: boolean; traders: number };
export type SpotOrderRow = {
  id: number;
  user_id: number;
  account: string;
  symbol_id: number;
  symbol: string;
  side: 'buy' | 'sell';
  order_type: 'limit' | 'market';
  price: string | null;
  quantity: string;
  filled_quantity: string;
  filled_quote: string;
  fee: string;
  status: 'open' | 'filled' | 'cancelled';
  done_reason: string | null;
  created_at: string;
  updated_at: string;
};
export type SpotTradeRow = {
  id: number;
  symbol_id: number;
  symbol: string;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  maker_account: string;
  taker_user_id: number;
  taker_account: string;
  taker_side: 'buy' | 'sell';
  price: string;
  quantity: string;
  quote: string;
  maker_fee: string;
  taker_fee: string;
  created_at: string;
};
/** Filters of the order and trade search, as the server reads them from the query string. */
export type SpotSearchQuery = { page: number; limit: number; user_id?: number; symbol_id?: number; status?: string; side?: string; from?: string; to?: string };
/** A symbol as the public quotation list names it (the search filters are open to every role). */
export type SymbolOption = { id: number; symbol: string; kind: SymbolKind };

export type UserRow = {
  id: number;
  account: string;
  email: string | null;
  mobile: string | null;
  nickname: string | null;
  extension_code: string;
  parent_id: number | null;
  frozen: boolean;
  created_at: string;
};

export type UserProfile = UserRow & {
  area_code: string;
  signature: string | null;
  head_portrait: string | null;
  credit_score: number;
};

/** Amounts are strings as the server sends them; they are shown, never computed with here. */
export type AccountRow = {
  id: number;
  currency: string;
  kind: string;
  balance: string;
  available: string;
  frozen: string;
  locked: string;
};

export type UserDetail = { user: UserProfile; accounts: AccountRow[]; sessions: number };

export type OutboxRow = {
  id: number;
  channel: 'mail' | 'sms';
  recipient: string;
  subject: string;
  body: string;
  delivered: boolean;
  created_at: string;
};

/** One offending row of the audit; its columns depend on the check. */
export type AuditProblem = Record<string, string | number | null>;

/** One named check of the audit and its first offending rows (none when it holds). */
export type AuditCheck = { name: LedgerAuditCheck; ok: boolean; rows: AuditProblem[] };

export type LedgerAudit = {
  ok: boolean;
  entries: number;
  postings: number;
  checks: AuditCheck[];
  checked_at: string;
};

export type OperatorLogRow = {
  id: number;
  operator: string | null;
  action: string;
  target: string;
  detail: unknown;
  created_at: string;
};

// ---- funds and identity reviews ----

export type ReviewStatus = 'pending' | 'confirmed' | 'approved' | 'rejected';

/** The filters of the review queues, as the server reads them from the query string. */
export type QueueQuery = { page: number; limit: number; status?: string; user_id?: number; currency_id?: number; level?: number };

export type RechargeRow = {
  id: number;
  user_id: number;
  account: string;
  currency_id: number;
  currency: string;
  network: string;
  address: string;
  amount: string;
  voucher: string;
  status: ReviewStatus;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
};

/** Where a withdrawal goes: a bound address ({ name, address, network }) or a bank card's fields. */
export type WithdrawalRow = {
  id: number;
  user_id: number;
  account: string;
  currency_id: number;
  currency: string;
  network: string | null;
  destination_type: 'address' | 'bank' | 'international';
  destination: Record<string, string>;
  number: string;
  fee: string;
  arrival: string;
  status: ReviewStatus;
  reference: string | null;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
};

export type IdentityRow = {
  id: number;
  user_id: number;
  account: string;
  email: string | null;
  mobile: string | null;
  level: number;
  id_type: string | null;
  name: string | null;
  card_id: string | null;
  /** Another account has submitted the same ID number (in any state). */
  duplicate: boolean;
  front_pic: string | null;
  reverse_pic: string | null;
  status: ReviewStatus;
  reason: string | null;
  created_at: string;
  reviewed_at: string | null;
};

export type NetworkConfig = {
  id: number;
  network: string;
  deposit_address: string;
  withdraw_fee: string;
  withdraw_min: string;
  deposit_min: string;
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
};
export type CoinConfig = { id: number; name: string; enabled: boolean; decimals: number; networks: NetworkConfig[] };
export type FundsConfig = { coins: CoinConfig[]; exchange_fee_rate: string; recharge_contact_first: boolean };
export type NetworkEdit = Partial<Omit<NetworkConfig, 'id' | 'network'>>;
export type FundsSettingsEdit = { exchange_fee_rate?: string; recharge_contact_first?: boolean };

/** The account kinds a balance can be adjusted in, by the names the server accepts. */
export type BalanceAdjust = { user_id: number; currency_id: number; kind: AccountKind; amount: string; reason: string };

/** An enabled coin as the public currency list names it (for filters readable by every role). */
export type CurrencyOption = { id: number; name: string };

/** A list's page and filters as a query string, leaving out the filters not set. */
export const queryString = (query: PageQuery & Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

/** The session's CSRF proof from its readable cookie, or null when no session was opened in this browser. */
export const csrfToken = (): string | null => {
  const cookie = document.cookie.split('; ').find((part) => part.startsWith(`${CSRF_COOKIE}=`));
  const value = cookie?.slice(CSRF_COOKIE.length + 1);
  return value ? value : null;
};
// A token an earlier version kept in localStorage (where any page script could read it) is dropped.
if (typeof localStorage !== 'undefined') localStorage.removeItem('fairex.admin.token');

/** Whether a session may be open (the server decides: a stale one answers 999). */
export const hasSession = () => csrfToken() !== null;
/** Forgets the session on this side (the server ends the httpOnly cookie at logout or refuses it with 999). */
export const endSession = () => {
  document.cookie = `${CSRF_COOKIE}=; Path=/; Max-Age=0; SameSite=Strict`;
};

export class ApiError extends Error {
  constructor(
    readonly type: 'error' | '999',
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isSessionLost = (error: unknown): boolean => error instanceof ApiError && error.type === '999';

type Envelope = { type: 'ok' | '999' | 'error' | string; message: unknown };

const isEnvelope = (value: unknown): value is Envelope =>
  typeof value === 'object' && value !== null && 'type' in value && 'message' in value;

export async function request<T>(method: 'GET' | 'POST', path: string, body?: object, base = API_BASE): Promise<T> {
  const lang = storedLang();
  const headers: Record<string, string> = {};
  const csrf = csrfToken();
  if (csrf) headers['X-CSRF-Token'] = csrf;
  // A form (a file upload) goes as multipart, with its boundary set by fetch; anything else as JSON.
  const form = body instanceof FormData;
  if (body && !form) headers['Content-Type'] = 'application/json';
  const separator = path.includes('?') ? '&' : '?';
  let answer: unknown;
  try {
    const response = await fetch(`${base}${path}${separator}lang=${lang}`, {
      method,
      headers,
      body: form ? body : body ? JSON.stringify({ ...body, lang }) : undefined,
    });
    answer = await response.json();
  } catch {
    throw new ApiError('error', t('common.networkError'));
  }
  if (!isEnvelope(answer)) throw new ApiError('error', t('common.badAnswer'));
  if (answer.type === 'ok') return answer.message as T;
  const text = typeof answer.message === 'string' ? answer.message : t('common.badAnswer');
  if (answer.type === '999') {
    endSession();
    throw new ApiError('999', text);
  }
  throw new ApiError('error', text);
}

export const pageQuery = ({ page, limit, q }: PageQuery) => {
  const params = new URLSearchParams({ page: String(page), limit: String(limit) });
  if (q) params.set('q', q);
  return params.toString();
};

/** Seconds options (GET /options): durations, exposure per symbol and direction, the pool's balance. */
export type OptionDurationRow = { seconds: number; payout_ratio: string; stake_min: string; stake_max: string; fee_rate: string; enabled: boolean };
/** A symbol's exposure limits, the same for both directions (all users' open stake, one user's), and its open stake up, down and in all. */
export type OptionExposureRow = { symbol_id: number; symbol: string; stake_max: string; user_stake_max: string; open_up: string; open_down: string; open_stake: string; open_orders: number };
export type OptionsOverview = { durations: OptionDurationRow[]; exposure: OptionExposureRow[]; pool: { currency: string; balance: string } | null; stake_coin: string };
export type OptionOrderRow = {
  id: string;
  user_id: number;
  symbol: string;
  type: 1 | 2;
  seconds: number;
  number: string;
  fee: string;
  /** opening: waiting for the first index tick after acceptance; void: no fresh tick to open or settle on, refunded in full. */
  status: 'opening' | 'holding' | 'settled' | 'void';
  outcome: 'win' | 'lose' | 'draw' | null;
  payout: string | null;
  open: { id: string; price: string; time: number } | null;
  close: { id: string; price: string; time: number } | null;
  created_at: number;
};

export const adminApi = {
  login: (username: string, password: string) =>
    request<{ operator: Operator }>('POST', '/login', { username, password }),
  me: () => request<Operator>('GET', '/me'),
  logout: () => request<unknown>('POST', '/logout', {}),
  changePassword: (currentPassword: string, password: string) =>
    request<unknown>('POST', '/password', { current_password: currentPassword, password }),
  operators: (query: PageQuery) => request<Page<OperatorRow>>('GET', `/operators?${pageQuery(query)}`),
  createOperator: (input: { username: string; password: string; role: Role }) => request<OperatorRow>('POST', '/operators', input),
  editOperator: (id: number, edit: OperatorEdit) => request<OperatorRow>('POST', `/operators/${id}`, edit),
  symbols: () => request<SymbolList>('GET', '/symbols'),
  contractSettings: () => request<ContractSettings[]>('GET', '/contracts/settings'),
  editContractSettings: (input: ContractSettingsUpdateInput) =>
    request<ContractSettings>('POST', '/contracts/settings', input),
  contractFunds: () => request<ContractFunds>('GET', '/contracts/funds'),
  contractExposure: () => request<ContractExposure[]>('GET', '/contracts/exposure'),
  contractLiquidations: (query: PageQuery) => request<Page<LiquidationRow>>('GET', `/contracts/liquidations?${pageQuery(query)}`),
  contractOvernight: (query: PageQuery) => request<Page<OvernightRun>>('GET', `/contracts/overnight?${pageQuery(query)}`),
  createSymbol: (input: SymbolCreate) => request<{ id: number }>('POST', '/symbols', input),
  editSymbol: (id: number, edit: SymbolEdit) => request<{ id: number }>('POST', `/symbols/${id}`, edit),
  spotFees: () => request<SpotFeeRow[]>('GET', '/spot/fees'),
  options: () => request<OptionsOverview>('GET', '/options'),
  editOptionDuration: (input: Omit<OptionDurationRow, 'enabled'> & { enabled: boolean }) => request<unknown>('POST', '/options/durations', input),
  editOptionExposure: (input: { symbol_id: number; stake_max: string; user_stake_max: string }) => request<unknown>('POST', '/options/exposure', input),
  optionOrders: (query: PageQuery & { user_id?: number }) =>
    request<Page<OptionOrderRow>>('GET', `/options/orders?${pageQuery(query)}${query.user_id ? `&user_id=${query.user_id}` : ''}`),
  fiatRates: () => request<FiatRateRow[]>('GET', '/fiat-rates'),
  editFiatRate: (currencyCode: string, rate: string) => request<FiatRateRow[]>('POST', '/fiat-rates', { currency_code: currencyCode, rate }),
  editSpotFees: (symbolId: number, maker: string, taker: string) =>
    request<SpotFeeRow>('POST', '/spot/fees', { symbol_id: symbolId, maker_fee_rate: maker, taker_fee_rate: taker }),
  marketMaker: () => request<MarketMakerView>('GET', '/market-maker'),
  editMarketMaker: (settings: MarketMakerSettings) => request<MarketMakerSettings>('POST', '/market-maker', settings),
  spotDemoTrading: () => request<SpotDemoTrading>('GET', '/spot/demo-trading'),
  editSpotDemoTrading: (enabled: boolean) => request<SpotDemoTrading>('POST', '/spot/demo-trading', { enabled }),
  spotOrders: (query: SpotSearchQuery) => request<Page<SpotOrderRow>>('GET', `/spot/orders?${queryString(query)}`),
  spotTrades: (query: SpotSearchQuery) => request<Page<SpotTradeRow>>('GET', `/spot/trades?${queryString(query)}`),
  /** The public site configuration (outside /api/admin): whether prices are simulated, for the banner on every screen. */
  siteConfig: () => request<{ simulated_prices: boolean }>('GET', '/getSiteConfig', undefined, '/api'),
  /** The public quotation list (outside /api/admin): symbols every role may filter the search by. */
  symbolOptions: () => request<SymbolOption[]>('GET', '/currency/quotation_new', undefined, '/api'),
  users: (query: PageQuery) => request<Page<UserRow>>('GET', `/users?${pageQuery(query)}`),
  user: (id: number) => request<UserDetail>('GET', `/users/${id}`),
  outbox: (query: PageQuery) => request<Page<OutboxRow>>('GET', `/outbox?${pageQuery(query)}`),
  ledgerAudit: () => request<LedgerAudit>('GET', '/ledger/audit'),
  operatorLog: (query: PageQuery) => request<Page<OperatorLogRow>>('GET', `/audit-log?${pageQuery(query)}`),
  recharges: (query: QueueQuery) => request<Page<RechargeRow>>('GET', `/recharges?${queryString(query)}`),
  confirmRecharge: (id: number) => request<{ id: number; status: ReviewStatus }>('POST', `/recharges/${id}/confirm`, {}),
  rejectRecharge: (id: number, reason: string) => request<{ id: number; status: ReviewStatus }>('POST', `/recharges/${id}/reject`, { reason }),
  withdrawals: (query: QueueQuery) => request<Page<WithdrawalRow>>('GET', `/withdrawals?${queryString(query)}`),
  approveWithdrawal: (id: number, reference: string) =>
    request<{ id: number; status: ReviewStatus }>('POST', `/withdrawals/${id}/approve`, { reference }),
  rejectWithdrawal: (id: number, reason: string) => request<{ id: number; status: ReviewStatus }>('POST', `/withdrawals/${id}/reject`, { reason }),
  identity: (query: QueueQuery) => request<Page<IdentityRow>>('GET', `/identity?${queryString(query)}`),
  approveIdentity: (id: number) => request<unknown>('POST', `/identity/${id}/approve`, {}),
  rejectIdentity: (id: number, reason: string) => request<unknown>('POST', `/identity/${id}/reject`, { reason }),
  coins: () => request<FundsConfig>('GET', '/coins'),
  editCoin: (id: number, enabled: boolean) => request<{ id: number }>('POST', `/coins/${id}`, { enabled }),
  editNetwork: (id: number, edit: NetworkEdit) => request<{ id: number }>('POST', `/networks/${id}`, edit),
  editFundsSettings: (edit: FundsSettingsEdit) => request<unknown>('POST', '/funds/settings', edit),
  adjustBalance: (input: BalanceAdjust) => request<{ id: number }>('POST', '/balances/adjust', input),
  /** Admins: freezes (ending the user's sessions) or unfreezes a user, with the reason the operator log keeps. */
  freezeUser: (id: number, frozen: boolean, reason: string) => request<{ id: number; frozen: boolean }>('POST', `/users/${id}/freeze`, { frozen, reason }),
  /** The public coin list (outside /api/admin): every role may filter the queues by coin. */
  currencies: () => request<CurrencyOption[]>('GET', '/currency/list', undefined, '/api'),
};
