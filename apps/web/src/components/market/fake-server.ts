import { vi } from 'vitest';
import type { Quotation } from '../../api/market.ts';

/** Test helper: a fetch stand-in answering each API path with its own envelope, recording the calls. */
export function fakeServer(answers: Record<string, unknown>) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    const path = url.replace(/^\/api/, '').split('?')[0] ?? '';
    const message = path in answers ? answers[path] : [];
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
