/**
 * LISTEN on one channel of the database: PostgreSQL on a connection of its own (the pool's connections
 * come and go), embedded PGlite on its one instance (it delivers a notification as the transaction that
 * sent it commits). Whoever listens is told when notifications may have been missed: `live(false)` when
 * the connection is lost (it is then opened again every LISTEN_RETRY_MS), `live(true)` each time LISTEN
 * is in place again, so a cache can drop everything it kept while deaf.
 */
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client.ts';

export type Listener = { notified: (payload: string) => void; live: (live: boolean) => void };

/** Wait before opening a lost listening connection again. */
export const LISTEN_RETRY_MS = 1_000;
/**
 * A quiet connection can die without an error (a dropped route): it is asked something this often,
 * and an answer slower than LISTEN_ANSWER_MS counts as a loss.
 */
const LISTEN_HEARTBEAT_MS = 10_000;
const LISTEN_ANSWER_MS = 5_000;

/** Starts listening; answers the function that stops it. `live(true)` has been called when a first LISTEN succeeded. */
export async function listen(database: Database, channel: string, listener: Listener): Promise<() => Promise<void>> {
  const client = (database.db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (database.kind === 'pglite') {
    const unlisten = await (client as PGlite).listen(channel, listener.notified);
    listener.live(true);
    return async () => {
      listener.live(false);
      await unlisten();
    };
  }
  return listenPostgres((client as pg.Pool).options, channel, listener);
}

async function listenPostgres(options: pg.ClientConfig, channel: string, listener: Listener): Promise<() => Promise<void>> {
  let stopped = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  const lost = (client: pg.Client) => {
    if (current !== client) return;
    current = undefined;
    clearInterval(heartbeat);
    listener.live(false);
    client.end().catch(() => {});
    if (!stopped) retry = setTimeout(() => void open(), LISTEN_RETRY_MS);
  };

  const open = async () => {
    const client = new pg.Client({ ...options, keepAlive: true });
    current = client;
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel) listener.notified(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      lost(client);
      return;
    }
    if (stopped || current !== client) return;
    listener.live(true);
    heartbeat = setInterval(() => {
      const answered = client.query('select 1');
      const late = new Promise((_, reject) => setTimeout(() => reject(new Error('listener heartbeat late')), LISTEN_ANSWER_MS).unref());
      Promise.race([answered, late]).catch(() => lost(client));
    }, LISTEN_HEARTBEAT_MS);
    heartbeat.unref();
  };

  await open();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = undefined;
    listener.live(false);
    await client?.end().catch(() => {});
  };
}
