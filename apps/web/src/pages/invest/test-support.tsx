/** What the dual-investment screen tests share: answers shaped as the server gives them, and the four screens in a memory router. */
import type { DualOrderView, DualProductView } from '@fairex/contract';
import { renderRoutes } from '../../test/render-app.tsx';
import { InvestHelpPage } from './help.tsx';
import { InvestPage } from './invest.tsx';
import { InvestMinePage } from './mine.tsx';
import { InvestPurchasePage } from './purchase.tsx';

export const SETTLE_AT = Date.parse('2026-11-30T16:00:00Z');

/** A BTC/USDT call at 66,000, APR 36.5 %, 0.001 BTC a share, 7 days, 5 of 100 shares sold. */
export function dualProduct(overrides: Partial<DualProductView> = {}): DualProductView {
  return {
    demo: false,
    id: 11,
    type: 'call',
    symbol: 'BTC/USDT',
    currency_id: 2,
    currency: 'BTC',
    quote_currency_id: 1,
    quote_currency: 'USDT',
    invest_currency_id: 2,
    invest_currency: 'BTC',
    invest_decimals: 8,
    base_decimals: 8,
    quote_decimals: 6,
    linked_price: '66000',
    apr: '0.365',
    per_price: '0.001',
    total_shares: 100,
    sold_shares: 5,
    remaining_shares: 95,
    progress: '5',
    maturity_date: '2026-11-30',
    settle_at: SETTLE_AT,
    sale_end_at: SETTLE_AT - 3_600_000,
    holding_days: 7,
    index_price: '65000.5',
    estimated_income: '0.000007',
    num: 1,
    on_sale: true,
    balance: '0.0123',
    ...overrides,
  };
}

/** A put on the same pair at 64,000, 100 USDT a share. */
export const putProduct = (overrides: Partial<DualProductView> = {}) =>
  dualProduct({ id: 12, type: 'put', linked_price: '64000', per_price: '100', invest_currency_id: 1, invest_currency: 'USDT', invest_decimals: 6, balance: '1000', ...overrides });

export function dualOrder(overrides: Partial<DualOrderView> = {}): DualOrderView {
  return {
    demo: false,
    id: '501',
    product_id: 11,
    type: 'call',
    symbol: 'BTC/USDT',
    invest_currency: 'BTC',
    num: 5,
    amount: '0.005',
    linked_price: '66000',
    apr: '0.365',
    holding_days: 7,
    purchased_at: SETTLE_AT - 7 * 86_400_000,
    maturity_date: '2026-11-30',
    settle_at: SETTLE_AT,
    status: 'purchased',
    settle_tick: null,
    payout_currency: null,
    payout: null,
    settled_at: null,
    ...overrides,
  };
}

/** The four screens at their paths, starting at `path`. */
export function renderInvest(path: string) {
  return renderRoutes(
    [
      { path: '/pages/invest/invest', Component: InvestPage },
      { path: '/pages/invest/purchase', Component: InvestPurchasePage },
      { path: '/pages/invest/mine', Component: InvestMinePage },
      { path: '/pages/invest/help', Component: InvestHelpPage },
    ],
    path,
  ).router;
}
