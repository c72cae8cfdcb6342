// Proves group commit over real HTTP: orders arriving together are persisted together (several per
// transaction), each answered only after its batch committed, on PGlite as on PostgreSQL. The clients
// run in a worker thread, as other processes would: embedded PGlite works on the server's event loop.
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced, makeTestApp, makeUser, type TestApp } from '../support/app.ts';
import { fundAccount } from '../support/ledger.ts';
import { btcMarket } from './support.ts';

const ORDERS = 48;
const USERS = 8;

let test: TestApp;
let url: string;
beforeAll(async () => {
  test = await makeTestApp();
  await test.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(test.app.server.address() as AddressInfo).port}/api/coin/trade`;
});
afterAll(async () => {
  await test.close();
});

type Answer = { type: string; message: { id: number; status: string } };

/** Sends every request at once from a worker thread and gives back the answers in order. */
function placeFromWorker(requests: { token: string; body: string }[]): Promise<Answer[]> {
  const code = `
    const { parentPort, workerData } = require('node:worker_threads');
    Promise.all(workerData.requests.map(async ({ token, body }) => {
      const response = await fetch(workerData.url, { method: 'POST', headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' }, body });
      return response.json();
    })).then((answers) => parentPort.postMessage(answers));`;
  const worker = new Worker(code, { eval: true, workerData: { url, requests } });
  return new Promise<Answer[]>((resolve, reject) => {
    worker.once('message', (answers: Answer[]) => void worker.terminate().then(() => resolve(answers)));
    worker.once('error', reject);
  });
}

describe('spot group commit', () => {
  it('commits concurrent orders in shared batches and acknowledges each one', async () => {
    const m = btcMarket(test);
    const users: Awaited<ReturnType<typeof makeUser>>[] = [];
    for (let i = 0; i < USERS; i++) {
      const user = await makeUser(test);
      await fundAccount(test, user.id, m.quote, '100000');
      users.push(user);
    }
    const writer = test.ctx.spot.writer(m.symbolId)!;
    const before = writer.committedBatches;
    const requests = Array.from({ length: ORDERS }, (_, n) => ({
      token: users[n % USERS]!.token,
      body: new URLSearchParams({ amount: '0.01', target_price: String(1000 + n), currency_id: String(m.base), legal_id: String(m.quote), type: 'buy' }).toString(),
    }));
    const answers = await placeFromWorker(requests);
    expect(answers.map((a) => a.type)).toEqual(Array(ORDERS).fill('ok'));
    expect(answers.every((a) => a.message.status === 'open')).toBe(true);
    const batches = writer.committedBatches - before;
    // One transaction per order would be 48; arriving together, they share a handful.
    expect(batches).toBeLessThanOrEqual(ORDERS / 4);
    const [row] = (await test.db.execute(`select count(*)::int as n from spot_orders where price < 2000`) as unknown as { rows: { n: number }[] }).rows;
    expect(row!.n).toBe(ORDERS);
    await expectLedgerBalanced(test);
  });
});
