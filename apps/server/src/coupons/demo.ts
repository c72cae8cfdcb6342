/**
 * Demo coupon batches for a development start (production seeds none; first-start.ts calls this): a
 * 10 USDT spot fee discount and a 10 USDT experience coupon for a trial seconds option, claimable by
 * anyone for a year from `now`, one per user, valid 30 days from the claim. Marked demo; a second call
 * adds nothing.
 */
import { DAY_MS } from '@fairex/contract';
import type { Db } from '../db/client.ts';
import { COUPON_FUND_COIN } from './fund.ts';
import { coinByName, demoBatchCount, insertBatch } from './repository.ts';

const DEMO_BATCHES = [
  {
    kind: 'fee_discount' as const,
    name: {
      en: 'Spot fee discount 10 USDT',
      zh: '现货手续费抵扣券 10 USDT',
      hk: '現貨手續費抵扣券 10 USDT',
      th: 'คูปองส่วนลดค่าธรรมเนียมสปอต 10 USDT',
      jp: '現物手数料割引クーポン 10 USDT',
      kor: '현물 수수료 할인 쿠폰 10 USDT',
      fra: 'Réduction de frais spot 10 USDT',
      spa: 'Descuento de comisiones spot 10 USDT',
    },
  },
  {
    kind: 'experience' as const,
    name: {
      en: 'Options experience coupon 10 USDT',
      zh: '期权体验券 10 USDT',
      hk: '期權體驗券 10 USDT',
      th: 'คูปองทดลองออปชัน 10 USDT',
      jp: 'オプション体験クーポン 10 USDT',
      kor: '옵션 체험 쿠폰 10 USDT',
      fra: "Coupon d'essai options 10 USDT",
      spa: 'Cupón de prueba de opciones 10 USDT',
    },
  },
];

export async function seedGrowthDemo(db: Db, now: number) {
  if ((await demoBatchCount(db)) > 0) return;
  const coin = await coinByName(db, COUPON_FUND_COIN);
  if (!coin) return;
  await db.transaction(async (tx) => {
    for (const demo of DEMO_BATCHES) {
      await insertBatch(tx, {
        ...demo,
        currencyId: coin.id,
        value: '10',
        eligibility: 'all',
        quantity: 10_000,
        perUserLimit: 1,
        validDays: 30,
        claimStartsAt: now,
        claimEndsAt: now + 365 * DAY_MS,
        demo: true,
        createdAt: now,
      });
    }
  });
}
