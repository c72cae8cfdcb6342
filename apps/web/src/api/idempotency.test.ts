// Proves that a money call keeps its idempotency key while a try has no answer and renews it once one came.
import { describe, expect, it } from 'vitest';
import { ApiError } from './client.ts';
import { IdempotencyKeys, newIdempotencyKey } from './idempotency.ts';

describe('IdempotencyKeys', () => {
  it('makes keys the server accepts, each different', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('gives a double tap of the same payload the same key while the first is in flight', () => {
    const keys = new IdempotencyKeys();
    expect(keys.keyFor({ number: '1' })).toBe(keys.keyFor({ number: '1' }));
  });

  it('keeps the key for a resend after a network error, and renews it after an answer', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor({ number: '1' });
    keys.settled(first, new ApiError('network', 'offline'));
    expect(keys.keyFor({ number: '1' })).toBe(first);
    keys.settled(first, new ApiError('error', 'insufficient balance', 'insufficient_balance'));
    const next = keys.keyFor({ number: '1' });
    expect(next).not.toBe(first);
    keys.settled(next, undefined);
    expect(keys.keyFor({ number: '1' })).not.toBe(next);
  });

  it('gives a changed payload a new key', () => {
    const keys = new IdempotencyKeys();
    const first = keys.keyFor({ number: '1' });
    keys.settled(first, new ApiError('network', 'offline'));
    expect(keys.keyFor({ number: '2' })).not.toBe(first);
  });
});
