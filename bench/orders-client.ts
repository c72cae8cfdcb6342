// The load of bench:orders, run in a worker thread: clients are other processes in real life, so they
// must not share the server's event loop (embedded PGlite runs its queries on that loop).
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

const load = workerData as OrdersLoad;
const latencies: number[] = [];
let errors = 0;
let sequence = 0;
const deadline = Date.now() + load.durationS * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: load.connections }, async (_, connection) => {
    const token = load.tokens[connection % load.tokens.length]!;
    while (Date.now() < deadline) {
      const n = sequence++;
      // Within +-0.3 % of the index: buys above the ask and sells below the bid trade at once.
      const offset = (((n * 7919) % 61) - 30) / 10_000;
      const body = new URLSearchParams({
        amount: (0.0001 + (n % 10) / 10_000).toFixed(4),
        target_price: (load.index * (1 + offset)).toFixed(2),
        currency_id: String(load.currencyId),
        legal_id: String(load.legalId),
        type: n % 2 === 0 ? 'buy' : 'sell',
      });
      const t0 = performance.now();
      const response = await fetch(load.url, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body });
      const answer = (await response.json()) as { type: string };
      latencies.push(performance.now() - t0);
      if (answer.type !== 'ok') errors++;
    }
  }),
);
parentPort!.postMessage({ latencies, errors, elapsedS: (performance.now() - started) / 1000 });
