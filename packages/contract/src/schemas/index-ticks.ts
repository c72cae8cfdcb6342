/**
 * The public index ticks (issue 22, "verifiable ticks"): anyone, without logging in, reads recorded
 * index ticks with their chain hashes (tick-chain.ts) by id or by time or id range, and each UTC day's
 * chain head per symbol, so a result that cites ticks can be checked from public data alone.
 */
import { z } from 'zod';
import { INDEX_TICKS_PAGE_MAX } from '../tick-chain.ts';
import { BIGINT_ID_MAX, zBigId } from '../validators.ts';

/** Epoch milliseconds accepted in a range (to year 2286). */
const EPOCH_MS_MAX = 9_999_999_999_999;

const zEpochMs = z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(EPOCH_MS_MAX, 'parameter_error');
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** GET /api/index/tick?id= : one tick. */
export const indexTickInput = z.object({ id: zBigId });

/**
 * GET /api/index/ticks: the ticks of one symbol in ascending id (the chain's order), those with
 * from <= time <= to and after_id < id <= to_id (each bound optional), at most `limit`.
 */
export const indexTicksInput = z.object({
  symbol: z.string({ error: 'parameter_error' }).trim().min(1, 'parameter_error').max(40, 'parameter_error'),
  from: optional(zEpochMs),
  to: optional(zEpochMs),
  after_id: optional(z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(0, 'parameter_error').max(BIGINT_ID_MAX, 'parameter_error')),
  to_id: optional(zBigId),
  limit: optional(z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(INDEX_TICKS_PAGE_MAX, 'parameter_error')),
});
export type IndexTicksInput = z.infer<typeof indexTicksInput>;

/** GET /api/index/heads?day=YYYY-MM-DD : each symbol's last tick of that UTC day (the day's chain head). */
export const indexHeadsInput = z.object({
  day: z.string({ error: 'parameter_error' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'parameter_error').refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), 'parameter_error'),
});

/**
 * A recorded tick with its chain link; prev_hash and hash are null on ticks recorded before the chain
 * began. priced_at (not hashed): the earliest moment its price could have been known where before its
 * time (the public feed: its quotes' oldest request time), else null; an order opens only on a tick
 * with time and (priced_at ?? time) after its acceptance (index-freshness.ts tickAfter).
 */
export type IndexTickView = { id: string; symbol: string; price: string; time: number; priced_at: number | null; prev_hash: string | null; hash: string | null };

/** The answer of /index/tick and /index/ticks: the rule's figures come with it, so a checker needs nothing else. */
export type IndexTicksAnswer = {
  data: IndexTickView[];
  /** Whether ticks past the last one match too (ask again with after_id = its id). */
  more: boolean;
  /** The freshness limit in force (index-freshness.ts maxAgeMs): a tick in force older than this at an expiry voids it. */
  fresh_ms: number;
  /** The prev_hash of each symbol's first tick. */
  genesis: string;
};

export type IndexHeadView = { symbol: string; day: string; tick_id: string; time: number; hash: string | null };
