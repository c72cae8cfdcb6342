import type { Quotation } from '../../api/market.ts';

export const DEFAULT_SPOT_SYMBOL = 'BTC/USDT';
export const SEARCH_PATH = '/pages/market/search';
export const SPOT_ORDERS_PATH = '/pages/transaction/currency_order';
export const CONTRACT_PATH = '/pages/transaction/contract';
export const OPTIONS_PATH = '/pages/transaction/index2';

export const spotPath = (symbol: string) => `/pages/transaction/currency?symbol=${encodeURIComponent(symbol)}`;

/** Spot rows open the spot trade page; futures and stock rows open the contract page (coming soon). */
export const pathOf = (item: Quotation) => (item.kind === 'spot' ? spotPath(item.symbol) : `${CONTRACT_PATH}?symbol=${encodeURIComponent(item.symbol)}`);
