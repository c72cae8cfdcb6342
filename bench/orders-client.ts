// The load of bench:orders, run in a worker thread: clients are other processes in real life, so they
// must not share the server's event loop (embedded PGlite runs its queries on that loop). Each client
// sends 70 % limit orders, 15 % market orders and 15 % cancels of its own open orders.
import { parentPort, workerData } from 'node:worker_threads';

export type OrdersLoad = {
  url: string;
  tokens: string[];
  durationS: number;
  connections: number;
  index: number;
  currencyId: number;
  legalId: number;
};

/** What the load measured: latencies of the answers that were ok, and the refusals by code. */
export type OrdersResult = { latencies: number[]; ok: { limit: number; market: number; cancel: number }; errors: Record<string, number>; elapsedS: number };

/** Out of 100 commands: limit orders below this, market orders below the next, cancels above. */
const LIMIT_SHARE = 70;
const MARKET_SHARE = 15;

type Answer = { type: string; code?: string; message: { id?: number; status?: string } | string };

const load = workerData as OrdersLoad;
const result: OrdersResult = { latencies: [], ok: { limit: 0, market: 0, cancel: 0 }, errors: {}, elapsedS: 0 };
let sequence = 0;
const deadline = Date.now() + load.durationS * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: load.connections }, async (_, connection) => {
    const token = load.tokens[connection % load.tokens.length]!;
    const headers = { authorization: token, 'content-type': 'application/x-www-form-urlencoded' };
    /** This client's orders that rested when placed (some fill or go later; their cancel then answers not_found). */
    const open: number[] = [];
    while (Date.now() < deadline) {
      const n = sequence++;
      const roll = (n * 37) % 100;
      const kind = roll >= LIMIT_SHARE + MARKET_SHARE && open.length > 0 ? 'cancel' : roll >= LIMIT_SHARE && roll < LIMIT_SHARE + MARKET_SHARE ? 'market' : 'limit';
      const t0 = performance.now();
      let request: Promise<Response>;
      if (kind === 'cancel') {
        const id = open.splice(n % open.length, 1)[0]!;
        request = fetch(`${load.url}?id=${id}`, { method: 'PUT', headers, body: new URLSearchParams({ id: String(id) }) });
      } else {
        // Within +-0.3 % of the index: buys above the ask and sells below the bid trade at once.
        const offset = (((n * 7919) % 61) - 30) / 10_000;
        const body = new URLSearchParams({
          amount: (0.0001 + (n % 10) / 10_000).toFixed(4),
          target_price: kind === 'limit' ? (load.index * (1 + offset)).toFixed(2) : '',
          currency_id: String(load.currencyId),
          legal_id: String(load.legalId),
          type: n % 2 === 0 ? 'buy' : 'sell',
        });
        request = fetch(load.url, { method: 'POST', headers, body });
      }
      const answer = (await (await request).json()) as Answer;
      const latency = performance.now() - t0;
      if (answer.type !== 'ok') {
        const code = answer.code ?? answer.type;
        result.errors[code] = (result.errors[code] ?? 0) + 1;
        continue;
      }
      result.latencies.push(latency);
      result.ok[kind]++;
      if (kind === 'limit' && typeof answer.message === 'object' && answer.message.status === 'open') open.push(answer.message.id!);
    }
  }),
);
result.elapsedS = (performance.now() - started) / 1000;
parentPort!.postMessage(result);
