// The load of bench:orders, run in a child process: clients are other processes in real life, so they
// must not share the server's event loop (embedded PGlite runs its queries on that loop), and the
// server's process then counts only the server's CPU time. Each client sends 70 % limit orders, 15 %
// market orders and 15 % cancels of its own open orders. Requests go through node:http with a keep-alive
// agent (one socket per client): fetch (undici) cost the load more CPU than the server spent on an
// order, and on two cores the bench then measured its own client.
import http from 'node:http';

export type OrdersLoad = {
  url: string;
  tokens: string[];
  durationS: number;
  connections: number;
  index: number;
  currencyId: number;
  legalId: number;
  /**
   * Several processes and symbols (BENCH_PROCESSES): connection c sends to urls[c % urls.length] and trades
   * markets[c % markets.length], like clients behind a load balancer that knows nothing of symbols.
   */
  urls?: string[];
  markets?: { index: number; currencyId: number; legalId: number; url?: string }[];
};

/** What the load measured: latencies of the answers that were ok, and the refusals by code. */
export type OrdersResult = { latencies: number[]; ok: { limit: number; market: number; cancel: number }; errors: Record<string, number>; elapsedS: number };

/** Out of 100 commands: limit orders below this, market orders below the next, cancels above. */
const LIMIT_SHARE = 70;
const MARKET_SHARE = 15;

type Answer = { type: string; code?: string; message: { id?: number; status?: string } | string };

/** The parent sends the load once this process is ready; the answer is the result. */
process.send!({ ready: true });
const load = await new Promise<OrdersLoad>((resolve) => process.once('message', (message) => resolve(message as OrdersLoad)));
const targets = (load.urls ?? [load.url]).map((url) => new URL(url));
const markets = load.markets ?? [{ index: load.index, currencyId: load.currencyId, legalId: load.legalId }];
const agent = new http.Agent({ keepAlive: true, maxSockets: load.connections });

/** One form POST or PUT; resolves with the parsed JSON answer. */
function send(target: URL, method: 'POST' | 'PUT', path: string, token: string, form: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        method,
        path,
        headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded', 'content-length': Buffer.byteLength(form) },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer);
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(form);
  });
}

/** A limit order `n` of the load: within +-0.3 % of the index, so buys above the ask and sells below the bid trade at once. */
function limitOrMarket(kind: 'limit' | 'market', n: number, market = markets[0]!): string {
  const offset = (((n * 7919) % 61) - 30) / 10_000;
  // About 6 to 60 USDT an order at BTC's price, the same value on cheaper coins (above the minimum order value).
  const scale = Math.max(1, 60_000 / market.index);
  return new URLSearchParams({
    amount: ((0.0001 + (n % 10) / 10_000) * scale).toFixed(4),
    target_price: kind === 'limit' ? (market.index * (1 + offset)).toFixed(2) : '',
    currency_id: String(market.currencyId),
    legal_id: String(market.legalId),
    type: n % 2 === 0 ? 'buy' : 'sell',
  }).toString();
}

// Warm-up, not measured: one order per client opens its keep-alive socket, and the server's session
// and account caches take each user once, as they would long before a busy minute in real life.
const marketOf = (connection: number) => markets[connection % markets.length]!;
// A market naming its url (the process holding its book) is traded there; else connections spread over the urls.
const targetOf = (connection: number) => {
  const url = marketOf(connection).url;
  return url ? new URL(url) : targets[connection % targets.length]!;
};
await Promise.all(
  Array.from({ length: load.connections }, (_, connection) =>
    send(targetOf(connection), 'POST', targetOf(connection).pathname, load.tokens[connection % load.tokens.length]!, limitOrMarket('limit', connection, marketOf(connection))),
  ),
);
process.send!({ warmed: true });

const result: OrdersResult = { latencies: [], ok: { limit: 0, market: 0, cancel: 0 }, errors: {}, elapsedS: 0 };
let sequence = 0;
const deadline = Date.now() + load.durationS * 1000;
const started = performance.now();
await Promise.all(
  Array.from({ length: load.connections }, async (_, connection) => {
    const token = load.tokens[connection % load.tokens.length]!;
    const target = targetOf(connection);
    const market = marketOf(connection);
    /** This client's orders that rested when placed (some fill or go later; their cancel then answers not_found). */
    const open: number[] = [];
    while (Date.now() < deadline) {
      const n = sequence++;
      const roll = (n * 37) % 100;
      const kind = roll >= LIMIT_SHARE + MARKET_SHARE && open.length > 0 ? 'cancel' : roll >= LIMIT_SHARE && roll < LIMIT_SHARE + MARKET_SHARE ? 'market' : 'limit';
      const t0 = performance.now();
      let answer: Answer | undefined;
      // A request the network failed (a server closing a kept-alive socket) is counted, not fatal.
      const failed = (error: Error) => {
        const code = (error as NodeJS.ErrnoException).code ?? 'network';
        result.errors[code] = (result.errors[code] ?? 0) + 1;
        return undefined;
      };
      if (kind === 'cancel') {
        const id = open.splice(n % open.length, 1)[0]!;
        answer = await send(target, 'PUT', `${target.pathname}?id=${id}`, token, `id=${id}`).catch(failed);
      } else {
        answer = await send(target, 'POST', target.pathname, token, limitOrMarket(kind, n, market)).catch(failed);
      }
      const latency = performance.now() - t0;
      if (answer === undefined) continue;
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
agent.destroy();
process.send!(result, () => process.disconnect?.());
