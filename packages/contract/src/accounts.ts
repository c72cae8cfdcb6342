/**
 * Account kinds (spec section 3). Inside the code they are named after the domain; the spec's legacy
 * field names (legal, change, lever, micro) are mapped only where the API speaks them.
 */
export const ACCOUNT_KINDS = ['fiat', 'spot', 'contract', 'options', 'mining', 'financial', 'stock', 'usdt_futures', 'coin_futures', 'margin'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Numeric ids the client uses (legal 1, change 2, lever 3, micro 4; product kinds follow). */
export const ACCOUNT_KIND_IDS: Record<AccountKind, number> = {
  fiat: 1,
  spot: 2,
  contract: 3,
  options: 4,
  mining: 5,
  financial: 6,
  stock: 7,
  // The spec's U-margined and coin-margined (futures) and margin accounts.
  usdt_futures: 8,
  coin_futures: 9,
  margin: 10,
};

/**
 * The accounts the products draw on, and so the only ones a transfer may go into (money moved into any
 * other could be used nowhere: review 2026-11-27, screens 1). Spot: spot trading, exchange, withdrawals,
 * and what mining, dual investment, IEO, NFT and loans take; contract: futures, stocks and copy trading;
 * options: seconds options; fiat: OTC. The mining and financial accounts only hold what those products
 * lock from the spot account; stock, U-margined, coin-margined and margin accounts no product uses.
 */
export const TRANSFER_TARGET_KINDS = ['spot', 'contract', 'options', 'fiat'] as const satisfies readonly AccountKind[];
export type TransferTargetKind = (typeof TRANSFER_TARGET_KINDS)[number];
export const isTransferTarget = (kind: AccountKind): kind is TransferTargetKind => (TRANSFER_TARGET_KINDS as readonly AccountKind[]).includes(kind);

/** The spec's legacy names for the first four kinds, as they appear in from_field / to_field / type. */
export const LEGACY_ACCOUNT_FIELDS: Record<string, AccountKind> = {
  legal: 'fiat',
  change: 'spot',
  lever: 'contract',
  micro: 'options',
};

/**
 * System accounts stand on the other side of every movement with the outside world or the platform.
 * They may go negative (deposits in transit is the world's claim on us); user accounts never may.
 */
export const SYSTEM_ACCOUNTS = [
  'deposits_in_transit',
  'withdrawals_in_transit',
  'fees',
  'option_pool',
  'interest_expense',
  'market_maker',
  'nft_escrow',
  /** NFT auctions: the margins bidders paid, held in its frozen bucket until returned or forfeited (never below zero). */
  'auction_margins',
  /** NFT: what the platform's own artworks and blind boxes sold for, and margins forfeited on them (never below zero). */
  'nft_sales',
  'ieo_sale',
  /** Loans: the lending pool, funded from equity; lends the loan coin and takes repayments and liquidated collateral (never below zero). */
  'loans',
  /** Loans: the lending pool's reserve, funded from equity; covers a liquidation's shortfall (never below zero). */
  'loan_reserve',
  'adjustments',
  /** Spot fills: what users pay rounded up and receive rounded down, beyond the exact amounts (never below zero). */
  'rounding',
  /** The platform's own capital: funds the market maker (never above zero, like deposits in transit). */
  'equity',
  /** Contracts: the margins of open positions (never below zero). */
  'contract_margins',
  /** Contracts: the platform's side of positions' profit and loss (either sign). */
  'contract_pnl',
  /** Contracts: covers a loss beyond a position's margin and the user's balance; funded from equity (never below zero). */
  'insurance_fund',
  /** Dual investment: takes the invested coin at purchase and pays the settlement (the platform's side, either sign per coin). */
  'invest_pool',
  /** Experience coupons: stakes trial seconds options and takes them back; funded from equity once (never below zero). */
  'coupon_fund',
  /** OTC: holds the coins of open orders in its frozen bucket, from the order until released to the buyer or returned to the seller (never below zero). */
  'otc_escrow',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];

/**
 * The ledger audit's checks, by name (the back office shows each): entries sum to zero; account figures
 * equal their postings; no user bucket below zero; frozen and locked equal what open business rows hold; no
 * business reference posted twice; fixed-sign system accounts keep their sign; every bucket's
 * balance_after runs on from the one before.
 */
export const LEDGER_AUDIT_CHECKS = [
  'entries_balance',
  'accounts_match_postings',
  'user_accounts_not_negative',
  'frozen_matches_holds',
  'locked_matches_holds',
  'references_posted_once',
  'system_account_signs',
  'balance_after_chain',
  /** Every leading NFT bid and unpaid auction win is backed by its bidder's frozen hold (review 2026-11-27, money 5). */
  'nft_bids_backed',
  /** Every settled option cites its open and close ticks, its outcome compares them, and it paid exactly stake x (1 + ratio) at most (money review). */
  'option_payouts_follow_ticks',
  /** Every settled dual order was paid dualSettlement of the tick its product cites, in the coin the rule names. */
  'dual_payouts_follow_rule',
  /** The insurance fund pays a contract close only when the account is left with no available and no other open position (money review 1). */
  'contract_insurance_only_net_deficit',
  /** No open contract position has margin 0 (money review 4). */
  'contract_no_zero_margin_open',
  /** The latest proof-of-liabilities snapshot: its published totals equal its leaves' sums and the ledger's user-account totals read in its transaction (issue 26). */
  'liabilities_match_ledger',
] as const;
export type LedgerAuditCheck = (typeof LEDGER_AUDIT_CHECKS)[number];

/**
 * An account kind as the client names it: a legacy field (legal, change, lever, micro), a domain name
 * (fiat, spot, ...) or its numeric id (1..10). Only the table's own names count: `text in` and a bare
 * lookup would also find what every object inherits, so "toString" came back as a function and became
 * a ghost ledger account, and "__proto__" as Object.prototype.
 *   toAccountKind('change') = 'spot'; toAccountKind('spot') = 'spot'; toAccountKind(3) = 'contract';
 *   toAccountKind('toString') = toAccountKind('__proto__') = toAccountKind('constructor') = undefined
 */
export function toAccountKind(value: unknown): AccountKind | undefined {
  const text = String(value ?? '').trim();
  if (Object.hasOwn(LEGACY_ACCOUNT_FIELDS, text)) return LEGACY_ACCOUNT_FIELDS[text];
  if ((ACCOUNT_KINDS as readonly string[]).includes(text)) return text as AccountKind;
  return ACCOUNT_KINDS.find((kind) => String(ACCOUNT_KIND_IDS[kind]) === text);
}

/** The legacy field name of a kind where it has one (the client's labels), else the kind itself. */
export function accountFieldOf(kind: AccountKind): string {
  return Object.entries(LEGACY_ACCOUNT_FIELDS).find(([, k]) => k === kind)?.[0] ?? kind;
}

/** A domestic card's fields in the form's order, with the longest value accepted (the web form's limits too). */
export const BANK_CARD_FIELDS_MAX = { real_name: 50, bank_account: 40, bank_name: 80, bank_branch: 120, province: 50, city: 50, phone: 30 } as const;
/** An international card's fields in the form's order, with the longest value accepted. */
export const INTERNATIONAL_CARD_FIELDS_MAX = {
  real_name: 80,
  bank_account: 40,
  bank_name: 120,
  bank_branch: 120,
  aba_number: 20,
  swift_code: 20,
  bank_network: 50,
  holder_address: 200,
  phone: 30,
} as const;
