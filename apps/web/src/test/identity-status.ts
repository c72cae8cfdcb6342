import type { IdentityState } from '@fairex/contract';

/** Per level (0, 1, 2): what the server's limits answer for it. */
const LIMITS = [
  { withdraw_24h_btc: '0', fiat_trade_per_order_usdt: '0' },
  { withdraw_24h_btc: '200', fiat_trade_per_order_usdt: '2000' },
  { withdraw_24h_btc: '500', fiat_trade_per_order_usdt: '1000000' },
];

/** GET /real/state's answer for a user whose basic (Lv1) and advanced (Lv2) checks are in these states. */
export function identityStatus(basic: IdentityState, advanced: IdentityState = 'not_authenticated', reason: string | null = null) {
  const level = basic === 'authenticated' ? (advanced === 'authenticated' ? 2 : 1) : 0;
  return {
    level,
    state: basic === 'authenticated' && advanced !== 'not_authenticated' ? advanced : basic,
    real_type: basic === 'authenticated' ? 2 : 1,
    reason,
    basic: { state: basic, reason: basic === 'audit_failed' ? reason : null, name: null, id_type: null, card_id: null },
    advanced: { state: advanced, reason: advanced === 'audit_failed' ? reason : null },
    limits: LIMITS[level],
  };
}
