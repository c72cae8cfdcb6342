/**
 * Idempotency keys: money calls a client may retry (order, withdrawal, transfer, exchange) take an
 * optional key, as the `client_id` field or the `Idempotency-Key` header. A retry with the same key
 * gets the first answer and moves no money twice.
 */
import { z } from 'zod';

export const IDEMPOTENCY_KEY_LENGTH_MAX = 64;
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** Letters, digits and . _ : - only (a UUID, a ULID or a counter fits), 1 to 64 of them. */
export const idempotencyKey = z
  .string({ error: 'idempotency_key_invalid' })
  .min(1, 'idempotency_key_invalid')
  .max(IDEMPOTENCY_KEY_LENGTH_MAX, 'idempotency_key_invalid')
  .regex(/^[A-Za-z0-9._:-]+$/, 'idempotency_key_invalid');

/** The key's two places in a request; an empty field counts as absent. */
export const idempotencyInput = z.object({
  client_id: z.preprocess((v) => (v === '' ? undefined : v), idempotencyKey.optional()),
  header: z.preprocess((v) => (v === '' ? undefined : v), idempotencyKey.optional()),
});
