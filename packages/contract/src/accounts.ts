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
  'auction_margins',
  'ieo_sale',
  'loans',
  'adjustments',
] as const;
export type SystemAccount = (typeof SYSTEM_ACCOUNTS)[number];
