import type { Quotation } from '../../api/market.ts';

export const DEFAULT_SPOT_SYMBOL = 'BTC/USDT';
export const SEARCH_PATH = '/pages/market/search';
export const SPOT_ORDERS_PATH = '/pages/transaction/currency_order';
export const CONTRACT_PATH = '/pages/transaction/contract';
/** The seconds-options screen. */
export const OPTIONS_PATH = '/pages/transaction/seconds_order';

export const spotPath = (symbol: string) => `/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`;

/** Spot rows open the spot trade page; futures and stock rows open the contract page on their symbol. */
export const pathOf = (item: Quotation) =>
  item.kind === 'spot' ? spotPath(item.symbol) : `${CONTRACT_PATH}?kind=${item.kind}&symbol=${encodeURIComponent(item.symbol)}`;
