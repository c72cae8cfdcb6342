/** Test fixtures of the IEO screens' tests: answers shaped as the server gives them. */
import type { IeoOrderView, IeoProjectView } from '@fairex/contract';

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

/** A project in progress since a day, ending in 2 days 3 hours 30 seconds: 10,000,000 FAIR at 0.05 USDT, a quarter applied for. */
export function project(overrides: Partial<IeoProjectView> = {}): IeoProjectView {
  const now = Date.now();
  return {
    id: 1,
    name: 'FairEx Demo Token (FAIR)',
    description: 'A demonstration project.',
    currency_id: 9,
    currency: 'FAIR',
    currency_decimals: 8,
    pay_currency_id: 1,
    pay_currency: 'USDT',
    pay_decimals: 6,
    price: '0.05',
    total_issuance: '10000000',
    white_paper: '',
    website: '',
    lock_days: 30,
    start_at: now - DAY_MS,
    end_at: now + 2 * DAY_MS + 3 * HOUR_MS + 30_000,
    listing_at: null,
    cycle_days: 3,
    state: 'in_progress',
    applied: '2500000',
    passed: '0',
    remaining: '7500000',
    progress: '25',
    allocated: false,
    amount_min: '100',
    amount_max_per_user: '200000',
    my_applied: null,
    pay_balance: null,
    ...overrides,
  };
}

/** A pending subscription of 1,000 FAIR paid 50 USDT. */
export function order(overrides: Partial<IeoOrderView> = {}): IeoOrderView {
  return {
    id: '41',
    project_id: 1,
    project: 'FairEx Demo Token (FAIR)',
    currency: 'FAIR',
    pay_currency: 'USDT',
    amount: '1000',
    price: '0.05',
    paid: '50',
    status: 'pending',
    allocated: null,
    charged: null,
    refunded: null,
    unlock_at: null,
    created_at: Date.parse('2026-11-20T08:00:00Z'),
    state: 'in_progress',
    ...overrides,
  };
}
