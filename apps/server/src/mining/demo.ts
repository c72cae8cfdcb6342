/**
 * Demo mining products for a development start (production seeds none): the spec's example (USDT, 5
 * days, 0.3 %-0.4 % a day, minimum 100, penalty 0.4 % a day left), a longer USDT lock-up, an ETH DeFi
 * and a BTC cloud product, each with today's and tomorrow's rate published inside its range. Marked
 * demo; a second call adds nothing, and a rate already published for a day is never replaced.
 */
import { addDays, localDay } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { wealthTimeZone } from '../wealth/settings.ts';
import { coinByName, demoProductCount, insertProduct, insertRatesIfNone } from './repository.ts';

type DemoProduct = {
  coin: string;
  category: 'lock' | 'defi' | 'cloud';
  name: Record<string, string>;
  termDays: number;
  dailyYieldMin: string;
  dailyYieldMax: string;
  amountMin: string;
  amountMax: string | null;
  penaltyRatio: string;
  /** Today's and tomorrow's rates, inside the range. */
  rates: [string, string];
};

const DEMO_PRODUCTS: DemoProduct[] = [
  {
    coin: 'USDT',
    category: 'lock',
    name: {
      en: 'USDT lock-up · 5 days',
      zh: 'USDT 锁仓 · 5天',
      hk: 'USDT 鎖倉 · 5天',
      th: 'ล็อก USDT · 5 วัน',
      jp: 'USDT ロックアップ・5日',
      kor: 'USDT 락업 · 5일',
      fra: 'Blocage USDT · 5 jours',
      spa: 'Bloqueo USDT · 5 días',
    },
    termDays: 5,
    dailyYieldMin: '0.003',
    dailyYieldMax: '0.004',
    amountMin: '100',
    amountMax: '100000',
    penaltyRatio: '0.004',
    rates: ['0.0035', '0.0036'],
  },
  {
    coin: 'USDT',
    category: 'lock',
    name: {
      en: 'USDT lock-up · 30 days',
      zh: 'USDT 锁仓 · 30天',
      hk: 'USDT 鎖倉 · 30天',
      th: 'ล็อก USDT · 30 วัน',
      jp: 'USDT ロックアップ・30日',
      kor: 'USDT 락업 · 30일',
      fra: 'Blocage USDT · 30 jours',
      spa: 'Bloqueo USDT · 30 días',
    },
    termDays: 30,
    dailyYieldMin: '0.004',
    dailyYieldMax: '0.006',
    amountMin: '500',
    amountMax: '500000',
    penaltyRatio: '0.005',
    rates: ['0.0045', '0.0048'],
  },
  {
    coin: 'ETH',
    category: 'defi',
    name: {
      en: 'ETH DeFi pool · 15 days',
      zh: 'ETH DeFi 矿池 · 15天',
      hk: 'ETH DeFi 礦池 · 15天',
      th: 'พูล DeFi ETH · 15 วัน',
      jp: 'ETH DeFi プール・15日',
      kor: 'ETH DeFi 풀 · 15일',
      fra: 'Pool DeFi ETH · 15 jours',
      spa: 'Pool DeFi de ETH · 15 días',
    },
    termDays: 15,
    dailyYieldMin: '0.0035',
    dailyYieldMax: '0.005',
    amountMin: '0.1',
    amountMax: '100',
    penaltyRatio: '0.004',
    rates: ['0.004', '0.0042'],
  },
  {
    coin: 'BTC',
    category: 'cloud',
    name: {
      en: 'BTC cloud mining · 90 days',
      zh: 'BTC 云挖矿 · 90天',
      hk: 'BTC 雲挖礦 · 90天',
      th: 'ขุด BTC บนคลาวด์ · 90 วัน',
      jp: 'BTC クラウドマイニング・90日',
      kor: 'BTC 클라우드 채굴 · 90일',
      fra: 'Minage cloud BTC · 90 jours',
      spa: 'Minería en la nube BTC · 90 días',
    },
    termDays: 90,
    dailyYieldMin: '0.005',
    dailyYieldMax: '0.007',
    amountMin: '0.01',
    amountMax: '10',
    penaltyRatio: '0.003',
    rates: ['0.0055', '0.0058'],
  },
];

/** Seeds the demo products and their rates for the day of `now` and the next (operator time zone). */
export async function seedMiningDemo(db: Db, now: number) {
  if ((await demoProductCount(db)) > 0) return;
  const today = localDay(now, await wealthTimeZone(db));
  await db.transaction(async (tx) => {
    for (const [index, demo] of DEMO_PRODUCTS.entries()) {
      const coin = await coinByName(tx, demo.coin);
      if (!coin) continue;
      const product = await insertProduct(tx, {
        category: demo.category,
        name: demo.name,
        currencyId: coin.id,
        termDays: demo.termDays,
        dailyYieldMin: demo.dailyYieldMin,
        dailyYieldMax: demo.dailyYieldMax,
        amountMin: demo.amountMin,
        amountMax: demo.amountMax,
        penaltyRatio: demo.penaltyRatio,
        sort: (index + 1) * 10,
        demo: true,
      });
      await insertRatesIfNone(
        tx,
        demo.rates.map((rate, offset) => ({ productId: product.id, day: addDays(today, offset), rate, source: 'operator' as const, publishedAt: now })),
      );
    }
  });
}
