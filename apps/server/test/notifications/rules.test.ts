// Proves the notifications' pure rules with worked examples: which event a decided deposit, withdrawal,
// identity review or spot order reports and with which figures (amounts as the ledger's plain strings),
// which version of a notice a reader gets (their own, else English), when a saved notice is shown, and
// its state in the back office.
import { describe, expect, it } from 'vitest';
import {
  depositCreditedEvent,
  identityReviewedEvent,
  noticeState,
  noticeVersion,
  publishAtOf,
  spotOrderFilledEvent,
  withdrawalReviewedEvent,
} from '../../src/notifications/rules.ts';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const HOUR = 3_600_000;

describe('events', () => {
  it('reports a confirmed deposit as its amount without trailing zeros and its coin', () => {
    expect(depositCreditedEvent({ amount: '100.500000000000000000' }, 'USDT')).toEqual({ kind: 'deposit_credited', figures: { amount: '100.5', currency: 'USDT' } });
  });

  it('reports an approved withdrawal of 100 USDT with a 1 USDT fee as 99 arriving, a rejected one with its reason, a pending one not at all', () => {
    const withdrawal = { number: '100.000000', arrival: '99.000000', fee: '1.000000', reason: null };
    expect(withdrawalReviewedEvent({ ...withdrawal, status: 'approved' }, 'USDT')).toEqual({
      kind: 'withdrawal_approved',
      figures: { number: '100', arrival: '99', fee: '1', currency: 'USDT' },
    });
    expect(withdrawalReviewedEvent({ ...withdrawal, status: 'rejected', reason: 'Address under review' }, 'USDT')).toEqual({
      kind: 'withdrawal_rejected',
      figures: { number: '100', currency: 'USDT', reason: 'Address under review' },
    });
    expect(withdrawalReviewedEvent({ ...withdrawal, status: 'pending' }, 'USDT')).toBeUndefined();
  });

  it('reports an identity review with its level, and the reason of a rejection', () => {
    expect(identityReviewedEvent({ status: 'approved', level: 2, reason: null })).toEqual({ kind: 'identity_approved', figures: { level: 2 } });
    expect(identityReviewedEvent({ status: 'rejected', level: 1, reason: 'Blurred photo' })).toEqual({ kind: 'identity_rejected', figures: { level: 1, reason: 'Blurred photo' } });
    expect(identityReviewedEvent({ status: 'pending', level: 1, reason: null })).toBeUndefined();
  });

  it('reports a spot order once filled in full, never while open or when cancelled after a partial fill', () => {
    const order = { id: 41, symbol: 'BTC/USDT', side: 'sell', filled_quantity: '0.20', average_price: '60000.50', status: 'filled' };
    expect(spotOrderFilledEvent(order)).toEqual({
      kind: 'spot_order_filled',
      figures: { order_id: 41, symbol: 'BTC/USDT', side: 'sell', quantity: '0.2', average_price: '60000.5' },
    });
    expect(spotOrderFilledEvent({ ...order, status: 'open' })).toBeUndefined();
    expect(spotOrderFilledEvent({ ...order, status: 'cancelled' })).toBeUndefined();
  });
});

describe('system notices', () => {
  const texts = { en: { title: 'Maintenance', body: 'Tonight 02:00-03:00' }, zh: { title: '维护', body: '今晚 02:00-03:00' } };

  it('gives a reader their own language when written, else English, and says which', () => {
    expect(noticeVersion(texts, 'zh')).toEqual({ title: '维护', body: '今晚 02:00-03:00', lang: 'zh' });
    expect(noticeVersion(texts, 'th')).toEqual({ title: 'Maintenance', body: 'Tonight 02:00-03:00', lang: 'en' });
    expect(noticeVersion(texts, 'en')).toEqual({ title: 'Maintenance', body: 'Tonight 02:00-03:00', lang: 'en' });
  });

  it('publishes a new notice now, or at a future time; a passed time means now', () => {
    expect(publishAtOf(undefined, undefined, NOW)).toBe(NOW);
    expect(publishAtOf(NOW + HOUR, undefined, NOW)).toBe(NOW + HOUR);
    expect(publishAtOf(NOW - HOUR, undefined, NOW)).toBe(NOW);
  });

  it('keeps an edited notice’s time when it comes back unchanged or not at all, and moves it otherwise', () => {
    const published = NOW - 2 * HOUR;
    expect(publishAtOf(published, published, NOW)).toBe(published);
    expect(publishAtOf(undefined, published, NOW)).toBe(published);
    expect(publishAtOf(NOW + HOUR, published, NOW)).toBe(NOW + HOUR);
    // Another passed time would slip it below newer notices: it is published again now instead.
    expect(publishAtOf(NOW - 5 * HOUR, published, NOW)).toBe(NOW);
  });

  it('is scheduled before its time, published from it, withdrawn once withdrawn', () => {
    expect(noticeState({ publishAt: NOW + 1, withdrawnAt: null }, NOW)).toBe('scheduled');
    expect(noticeState({ publishAt: NOW, withdrawnAt: null }, NOW)).toBe('published');
    expect(noticeState({ publishAt: NOW - HOUR, withdrawnAt: NOW }, NOW)).toBe('withdrawn');
  });
});
