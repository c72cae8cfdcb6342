/**
 * Demo IEO projects for a development start (production seeds nothing): one in progress and one in
 * warm-up, each selling a demo token coin created for it (no networks, so it can be neither deposited
 * nor withdrawn). Rows are marked demo; a second call adds nothing. Links are left empty rather than
 * invented, and no listing date is announced.
 */
import { DAY_MS } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { coinByName, demoProjectExists, insertProject, insertTokenCoin } from './repository.ts';

const USDT = 'USDT';

const DEMO_PROJECTS = [
  {
    token: { name: 'FAIR', fullName: 'FairEx Demo Token', decimals: 8 },
    name: 'FairEx Demo Token (FAIR)',
    description:
      'A demonstration project: subscribe with USDT while it is in progress; when it ends, each subscription gets its share (pro rata if oversubscribed), pays only for what it got and has the rest refunded. Allocated FAIR stays locked for 30 days. FAIR is a demo coin.',
    price: '0.05',
    totalIssuance: '10000000',
    amountMin: '100',
    amountMaxPerUser: '200000',
    lockDays: 30,
    /** Started a day ago, ends in 7 days. */
    startInMs: -DAY_MS,
    endInMs: 7 * DAY_MS,
  },
  {
    token: { name: 'GRID', fullName: 'GridLink Demo Token', decimals: 8 },
    name: 'GridLink Demo Token (GRID)',
    description: 'A demonstration project in warm-up: subscriptions open in 3 days and run for 5 days. Allocated GRID stays locked for 15 days. GRID is a demo coin.',
    price: '0.12',
    totalIssuance: '5000000',
    amountMin: '50',
    amountMaxPerUser: '100000',
    lockDays: 15,
    startInMs: 3 * DAY_MS,
    endInMs: 8 * DAY_MS,
  },
] as const;

export async function seedIeoDemo(db: Db, now: number) {
  await db.transaction(async (tx) => {
    const usdt = await coinByName(tx, USDT);
    if (!usdt) return;
    for (const demo of DEMO_PROJECTS) {
      if (await demoProjectExists(tx, demo.name)) continue;
      // The token coin may exist from an earlier start whose project an operator removed or renamed.
      const token = (await insertTokenCoin(tx, { ...demo.token, referencePriceUsdt: demo.price })) ?? (await coinByName(tx, demo.token.name));
      if (!token) continue;
      await insertProject(tx, {
        name: demo.name,
        description: demo.description,
        currencyId: token.id,
        payCurrencyId: usdt.id,
        price: demo.price,
        totalIssuance: demo.totalIssuance,
        amountMin: demo.amountMin,
        amountMaxPerUser: demo.amountMaxPerUser,
        lockDays: demo.lockDays,
        startAt: now + demo.startInMs,
        endAt: now + demo.endInMs,
        demo: true,
      });
    }
  });
}
