import { vi } from 'vitest';
import type { Quotation } from '../../api/market.ts';

/** What GET /coin/market_maker answers in production (no demo traders) unless a test says otherwise. */
export const MARKET_MAKER_ANSWER = { account: 'market-maker', demo_traders: [] as string[] };

/** Test helper: a fetch stand-in answering each API path with its own envelope, recording the calls. */
export function fakeServer(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
    const all: Record<string, unknown> = { '/coin/market_maker': MARKET_MAKER_ANSWER, ...answers };
    const message = path in all ? all[path] : [];
    return new Response(JSON.stringify({ type: 'ok', message }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function quotation(overrides: Partial<Quotation> & Pick<Quotation, 'id' | 'symbol'>): Quotation {
  return {
    kind: 'spot',
    currency_id: 2,
    legal_id: 1,
    price: '100',
    change: '0',
    high: '0',
    low: '0',
    volume: '0',
    amount: '0',
    price_decimals: 2,
    quantity_decimals: 6,
    spot_rules: { maker_fee_rate: '0.001', taker_fee_rate: '0.002', market_protection_bps: 100, order_value_min: '0' },
    ...overrides,
  };
}
