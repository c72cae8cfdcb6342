// The OTC rules with worked examples: the floating price from the index and the kept fiat rate, an
// order's quantity (rounded down to the coin's unit) and fiat (rounded up to the cent) from an amount in
// fiat or coin, the USDT value the per-order limit reads, the most an ad takes now, the merchant's
// completion rate, the order state machine, and the input schemas' refusals.
import { describe, expect, it } from 'vitest';
import {
  otcAdFiatMax,
  otcAdPostInput,
  otcCompletionRate,
  otcFloatingPrice,
  otcMessageSendInput,
  otcOrderAppealInput,
  otcNextStatus,
  otcOrderFault,
  otcOrderFigures,
  otcReleaseDueAt,
  OTC_RELEASE_MINUTES,
  otcStatesFor,
  otcUsdtValue,
} from '../src/index.ts';

describe('otcFloatingPrice', () => {
  it('is index x fiat rate x (1 + margin), half up to the cent', () => {
    expect(otcFloatingPrice('65000', '7.24', '0.01')).toBe('475306');
    expect(otcFloatingPrice('1', '7.24', '-0.005')).toBe('7.2');
    // 1.0003 x 7.24 x 1.0012 = 7.250869... -> 7.25
    expect(otcFloatingPrice('1.0003', '7.24', '0.0012')).toBe('7.25');
    expect(otcFloatingPrice('3200', '25300', '0')).toBe('80960000');
  });
});

describe('otcOrderFigures', () => {
  it('gives the quantity rounded down to the coin unit and the fiat rounded up to the cent for a fiat amount', () => {
    // 100 CNY at 7.23 USDT: 13.831258 USDT; 13.831258 x 7.23 = 99.99999534 -> 100.00.
    expect(otcOrderFigures({ price: '7.23', amount: '100', unit: 'fiat', coinDecimals: 6 })).toEqual({ quantity: '13.831258', fiat_amount: '100' });
    // 1000 CNY at 470000 a BTC: 0.00212765 BTC, 999.9955 -> 1000.
    expect(otcOrderFigures({ price: '470000', amount: '1000', unit: 'fiat', coinDecimals: 8 })).toEqual({ quantity: '0.00212765', fiat_amount: '1000' });
  });

  it('takes a coin amount as the quantity, the fiat rounded up', () => {
    expect(otcOrderFigures({ price: '470000', amount: '0.004', unit: 'coin', coinDecimals: 8 })).toEqual({ quantity: '0.004', fiat_amount: '1880' });
    expect(otcOrderFigures({ price: '7.23', amount: '0.000001', unit: 'coin', coinDecimals: 6 })).toEqual({ quantity: '0.000001', fiat_amount: '0.01' });
  });

  it('is undefined when nothing can be traded: a fiat amount below one unit, a coin amount finer than the unit', () => {
    expect(otcOrderFigures({ price: '470000', amount: '0.001', unit: 'fiat', coinDecimals: 8 })).toBeUndefined();
    expect(otcOrderFigures({ price: '7.2', amount: '1.0000001', unit: 'coin', coinDecimals: 6 })).toBeUndefined();
  });
});

describe('limits and counters', () => {
  it('values an order in USDT through the index: 0.031 BTC at 65000 is 2015, beyond Lv1', () => {
    expect(otcUsdtValue('0.031', '65000')).toBe('2015');
    expect(otcUsdtValue('100', '1')).toBe('100');
  });

  it('takes at most the ad maximum, or what remains at the price when that is less (rounded down)', () => {
    expect(otcAdFiatMax({ max_fiat: '100000', remaining: '0.1', price: '470000' })).toBe('47000');
    expect(otcAdFiatMax({ max_fiat: '1500', remaining: '0.1', price: '470000' })).toBe('1500');
    expect(otcAdFiatMax({ max_fiat: '1500', remaining: '0.00000333', price: '470000' })).toBe('1.56');
  });

  it('gives the completion rate as a percent with 2 decimals rounded down, none before an order ended', () => {
    expect(otcCompletionRate(0, 0)).toBeNull();
    expect(otcCompletionRate(1, 0)).toBe('100');
    expect(otcCompletionRate(2, 1)).toBe('66.66');
    expect(otcCompletionRate(0, 3)).toBe('0');
  });
});

describe('otcOrderFault', () => {
  it('blames nobody for a release by the seller, the buyer for any cancellation, the seller for a release an operator had to make', () => {
    expect(otcOrderFault({ status: 'released', released_by: 'seller' })).toBe('none');
    expect(otcOrderFault({ status: 'released', released_by: 'operator' })).toBe('seller');
    expect(otcOrderFault({ status: 'cancelled', released_by: null })).toBe('buyer');
    expect(otcOrderFault({ status: 'paid', released_by: null })).toBeUndefined();
  });
});

describe('the order state machine', () => {
  it('moves pending -> paid -> released, and cancels or times out only a pending order', () => {
    expect(otcNextStatus('pending', 'pay')).toBe('paid');
    expect(otcNextStatus('paid', 'release')).toBe('released');
    expect(otcNextStatus('pending', 'release')).toBeUndefined();
    expect(otcNextStatus('pending', 'cancel')).toBe('cancelled');
    expect(otcNextStatus('paid', 'cancel')).toBeUndefined();
    expect(otcNextStatus('paid', 'timeout')).toBeUndefined();
    expect(otcNextStatus('pending', 'timeout')).toBe('cancelled');
  });

  it('appeals only a paid order; an operator decides it either way; the seller may still concede', () => {
    expect(otcNextStatus('pending', 'appeal')).toBeUndefined();
    expect(otcNextStatus('paid', 'appeal')).toBe('appealed');
    expect(otcNextStatus('appealed', 'decide_release')).toBe('released');
    expect(otcNextStatus('appealed', 'decide_return')).toBe('cancelled');
    expect(otcNextStatus('appealed', 'release')).toBe('released');
    expect(otcNextStatus('appealed', 'cancel')).toBeUndefined();
    expect(otcStatesFor('decide_release')).toEqual(['appealed']);
    for (const ended of ['released', 'cancelled'] as const) {
      for (const action of ['pay', 'release', 'cancel', 'timeout', 'appeal', 'release_timeout', 'decide_release', 'decide_return'] as const) expect(otcNextStatus(ended, action)).toBeUndefined();
    }
  });

  it('sends a paid order to appeal by itself when the release limit in force at payment passes', () => {
    const paidAt = Date.parse('2026-11-27T12:00:00Z');
    expect(OTC_RELEASE_MINUTES.default).toBe(30);
    expect(otcReleaseDueAt(paidAt, OTC_RELEASE_MINUTES.default)).toBe(Date.parse('2026-11-27T12:30:00Z'));
    expect(otcNextStatus('paid', 'release_timeout')).toBe('appealed');
    expect(otcNextStatus('pending', 'release_timeout')).toBeUndefined();
    expect(otcNextStatus('appealed', 'release_timeout')).toBeUndefined();
  });
});

describe('input schemas', () => {
  const ad = { side: 'sell', currency_id: '2', fiat: 'cny', price_type: 'fixed', price: '470000', quantity: '0.1', min_fiat: '100', max_fiat: '1000', method_ids: '1,3', pay_minutes: '15' };
  it('reads a form-posted ad: the fiat upper-cased, method ids split', () => {
    const parsed = otcAdPostInput.parse(ad);
    expect(parsed).toMatchObject({ fiat: 'CNY', method_ids: [1, 3], pay_minutes: 15, remark: '' });
  });

  it('refuses a fiat outside the kept list, a margin beyond 20 %, limits the wrong way round and a pay time out of range', () => {
    const issue = (input: object) => otcAdPostInput.safeParse(input).error?.issues[0]?.message;
    expect(issue({ ...ad, fiat: 'KRW' })).toBe('otc_fiat_unavailable');
    expect(issue({ ...ad, price_type: 'floating', price: '', margin: '0.25' })).toBe('otc_margin_out_of_range');
    expect(otcAdPostInput.safeParse({ ...ad, price_type: 'floating', price: '', margin: '-0.2' }).success).toBe(true);
    expect(issue({ ...ad, min_fiat: '2000' })).toBe('otc_limits_invalid');
    expect(issue({ ...ad, pay_minutes: '5' })).toBe('otc_pay_minutes_invalid');
    expect(issue({ ...ad, method_ids: '' })).toBe('otc_payment_method_missing');
  });

  it('needs a message to carry text or an image, at most 500 characters, any text (shown as plain text)', () => {
    expect(otcMessageSendInput.safeParse({ id: '1', body: '' }).error?.issues[0]?.message).toBe('otc_message_empty');
    expect(otcMessageSendInput.safeParse({ id: '1', body: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('otc_message_too_long');
    expect(otcMessageSendInput.safeParse({ id: '1', body: '😀'.repeat(500) }).success).toBe(true);
    for (const body of ['I paid 728 CNY, see the <b>bold</b> proof', 'price > 7', '<3', 'paid']) expect(otcMessageSendInput.parse({ id: '1', body }).body).toBe(body);
  });

  it('takes any appeal reason up to 300 characters, angle brackets included', () => {
    expect(otcOrderAppealInput.parse({ id: '1', reason: 'received < 728 CNY' }).reason).toBe('received < 728 CNY');
    expect(otcOrderAppealInput.safeParse({ id: '1', reason: 'x'.repeat(301) }).error?.issues[0]?.message).toBe('otc_appeal_reason_required');
  });
});
