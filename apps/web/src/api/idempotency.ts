import { useRef } from 'react';
import { ApiError } from './client.ts';

/** 16 random bytes as hex: a key the server's rule accepts (letters and digits, at most 64). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Keys for one money call (order, withdrawal, transfer, exchange), sent as `client_id`. The same
 * payload sent again while the last try is in flight, or after it got no answer (network error or
 * time-out), reuses that try's key, so a double tap or a resend cannot move money twice; once an
 * answer came back (ok or a refusal) the next call is a new action with a new key.
 */
export class IdempotencyKeys {
  private pending: { payload: string; key: string } | undefined;

  keyFor(input: unknown): string {
    const payload = JSON.stringify(input);
    if (this.pending?.payload !== payload) this.pending = { payload, key: newIdempotencyKey() };
    return this.pending.key;
  }

  /** After a call: an answer ends the action; no answer keeps the key for a resend. */
  settled(key: string, error: unknown) {
    if (error instanceof ApiError && error.type === 'network') return;
    if (this.pending?.key === key) this.pending = undefined;
  }
}

/** Wraps a money call so each action carries its idempotency key (see IdempotencyKeys). */
export function useIdempotent<I extends object, T>(call: (data: I & { client_id: string }) => Promise<T>) {
  const keys = useRef(new IdempotencyKeys());
  return async (input: I): Promise<T> => {
    const key = keys.current.keyFor(input);
    try {
      const answer = await call({ ...input, client_id: key });
      keys.current.settled(key, undefined);
      return answer;
    } catch (error) {
      keys.current.settled(key, error);
      throw error;
    }
  };
}
