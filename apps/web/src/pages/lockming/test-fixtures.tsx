/** Test fixtures for the lock-up mining screens: products and orders as the server answers them, and a router around a page. */
import type { MiningOrderView, MiningProductView } from '@fairex/contract';
import type { ComponentType } from 'react';
import { renderRoutes } from '../../test/render-app.tsx';

export function product(overrides: Partial<MiningProductView> = {}): MiningProductView {
  return {
    demo: false,
    id: 1,
    category: 'lock',
    name: 'USDT lock-up · 5 days',
    currency_id: 1,
    currency: 'USDT',
    decimals: 6,
    term_days: 5,
    daily_yield_min: '0.003',
    daily_yield_max: '0.004',
    today_rate: '0.0035',
    tomorrow_rate: null,
    amount_min: '100',
    amount_max: '100000',
    penalty_ratio: '0.004',
    balance: '1234.567891',
    ...overrides,
  };
}

export function order(overrides: Partial<MiningOrderView> = {}): MiningOrderView {
  return {
    demo: false,
    id: '41',
    product_id: 1,
    name: 'USDT lock-up · 5 days',
    category: 'lock',
    currency_id: 1,
    currency: 'USDT',
    amount: '1000',
    term_days: 5,
    daily_yield_min: '0.003',
    daily_yield_max: '0.004',
    penalty_ratio: '0.004',
    status: 'active',
    locked_at: Date.parse('2026-11-23T10:00:00Z'),
    unlock_at: Date.parse('2026-11-28T10:00:00Z'),
    next_payout_at: Date.parse('2026-11-25T00:00:00Z'),
    days_paid: 1,
    interest_paid: '3.5',
    remaining_days: 4,
    redeem_penalty: '16',
    returned: null,
    penalty: null,
    ended_at: null,
    payouts: [{ day: '2026-11-23', rate: '0.0035', amount: '3.5', paid_at: Date.parse('2026-11-24T00:00:00Z') }],
    ...overrides,
  };
}

/** The page at `path` among the mining screens (stand-ins for the others), so a test sees where it navigates. */
export function openAt(path: string, page: { path: string; Component: ComponentType }) {
  const others = ['/pages/lockming/lockming', '/pages/lockming/buy', '/pages/lockming/order', '/pages/lockming/welcome']
    .filter((p) => p !== page.path)
    .map((p) => ({ path: p, Component: () => <p>{`screen ${p}`}</p> }));
  return renderRoutes([page, ...others], path).router;
}
