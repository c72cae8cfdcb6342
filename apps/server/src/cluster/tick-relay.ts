/**
 * The leader's recorded ticks reach the other processes through PostgreSQL NOTIFY (after their rows are
 * stored, so an id a follower hands out always names a stored row). A follower that loses the channel
 * is told (listen.ts `live`); until it is back its latest ticks age, and whatever needs a fresh index
 * (contracts, options, loans) refuses as on a quiet feed, never acting on an old price.
 */
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { listen } from '../db/listen.ts';
import type { RecordedTick } from '../markets/ticks.ts';

export const TICKS_CHANNEL = 'fairex_ticks';
/** NOTIFY payloads must stay under 8,000 bytes: a batch is sent in parts of at most this many characters. */
const PAYLOAD_MAX = 7_000;

/** Publishes a stored batch (one NOTIFY per part). */
export async function publishTicks(db: Db, ticks: readonly RecordedTick[]) {
  for (const part of partsOf(ticks)) await db.execute(sql`select pg_notify(${TICKS_CHANNEL}, ${part})`);
}

/** The batch as JSON arrays of ticks, each under PAYLOAD_MAX characters (a tick is about 200). */
export function partsOf(ticks: readonly RecordedTick[]): string[] {
  const parts: string[] = [];
  let current: string[] = [];
  let length = 2;
  for (const tick of ticks) {
    const text = JSON.stringify(tick);
    if (current.length > 0 && length + text.length + 1 > PAYLOAD_MAX) {
      parts.push(`[${current.join(',')}]`);
      current = [];
      length = 2;
    }
    current.push(text);
    length += text.length + 1;
  }
  if (current.length > 0) parts.push(`[${current.join(',')}]`);
  return parts;
}

/**
 * Listens for the leader's ticks; answers the function that stops listening. `deaf` is told when the
 * channel was lost: ticks may have been missed, so what was kept must not answer for the gap.
 */
export function followTicks(database: Database, told: (ticks: RecordedTick[]) => void, deaf: () => void, onError: (error: unknown) => void) {
  return listen(database, TICKS_CHANNEL, {
    notified: (payload) => {
      try {
        told(JSON.parse(payload) as RecordedTick[]);
      } catch (error) {
        onError(error);
      }
    },
    live: (live) => {
      if (!live) deaf();
    },
  });
}
