/** Test fixtures for the OTC screens: the config, ads and orders as the server answers them, and the page in a router. */
import type { OtcAdView, OtcConfig, OtcMerchantView, OtcOrderView } from '@fairex/contract';
import { saveToken } from '../../store/store.ts';
import { USER } from '../../test/fake-api.ts';
import { renderRoutes } from '../../test/render-app.tsx';
import { OtcOtcPage } from './otc.tsx';

export const WAIT = { timeout: 8000 };
export const PROOF_URL = '/uploads/0123456789abcdef0123456789abcdef.png?exp=1767225600&sig=abc';

export function config(overrides: Partial<OtcConfig> = {}): OtcConfig {
  return {
    coins: [
      { id: 1, name: 'USDT', decimals: 6 },
      { id: 3, name: 'BTC', decimals: 8 },
    ],
    fiats: [
      { code: 'USD', rate: '1' },
      { code: 'CNY', rate: '7.24' },
    ],
    methods: [
      { id: 1, kind: 'bank', name: 'Bank card' },
      { id: 3, kind: 'account', name: 'Alipay' },
    ],
    level: 1,
    fiat_limit_usdt: '2000',
    merchant: null,
    balances: { '1': '500', '3': '0.5' },
    ...overrides,
  };
}

export const merchant = (overrides: Partial<OtcMerchantView> = {}): OtcMerchantView => ({
  id: 5,
  name: 'Lucky Trader',
  completed_orders: 128,
  completion_rate: '98.46',
  avg_release_seconds: 252,
  ...overrides,
});

export function ad(overrides: Partial<OtcAdView> = {}): OtcAdView {
  return {
    id: 12,
    side: 'sell',
    merchant: merchant(),
    currency_id: 1,
    coin: 'USDT',
    decimals: 6,
    fiat: 'CNY',
    price_type: 'fixed',
    price: '7.23',
    fixed_price: '7.23',
    margin: null,
    quantity: '5000',
    remaining: '3000',
    min_fiat: '100',
    max_fiat: '20000',
    fiat_max_now: '20000',
    index_usdt: '1',
    methods: [{ id: 1, kind: 'bank', name: 'Bank card' }],
    pay_minutes: 15,
    remark: 'Pay from an account in your own name',
    status: 'online',
    created_at: Date.parse('2026-11-20T08:00:00Z'),
    own: false,
    ...overrides,
  };
}

export function order(overrides: Partial<OtcOrderView> = {}): OtcOrderView {
  return {
    id: '9001',
    ad_id: 12,
    role: 'buyer',
    maker: false,
    counterparty: { name: 'Lucky Trader', merchant: merchant() },
    currency_id: 1,
    coin: 'USDT',
    decimals: 6,
    fiat: 'CNY',
    price: '7.23',
    quantity: '13.831258',
    fiat_amount: '100',
    status: 'pending',
    cancel_reason: null,
    released_by: null,
    created_at: Date.now() - 60_000,
    pay_deadline: Date.now() + 14 * 60_000,
    paid_at: null,
    release_due_at: null,
    released_at: null,
    cancelled_at: null,
    payment_details: [
      { method_id: 1, kind: 'bank', name: 'Bank card', fields: { real_name: 'Li Lei', bank_account: '6222020200112233', bank_name: 'ICBC', bank_branch: 'Pudong' } },
      { method_id: 3, kind: 'account', name: 'Alipay', fields: { holder: 'Li Lei', account: 'lilei@example.com' } },
    ],
    paid_method_id: null,
    proof: null,
    appeal: null,
    ...overrides,
  };
}

export const page = <T,>(data: T[], total = data.length, number = 1) => ({ data, total, page: number, limit: 10 });

/** The OTC page at `path` (a query string), logged in, with the other screens it links to as stand-ins. */
export function openOtc(query = '') {
  saveToken('a-token');
  const others = ['/pages/setting/real', '/pages/setting/bank', '/pages/setting/payPassword'].map((path) => ({ path, Component: () => <p>{`screen ${path}`}</p> }));
  return renderRoutes([{ path: '/pages/otc/otc', Component: OtcOtcPage }, ...others], `/pages/otc/otc${query}`).router;
}

export const USER_WITH_PIN = { ...USER, pay_pin_set: true };
