/**
 * The demo OTC merchant for a development start (production seeds none): a visible demo account
 * (OTC_DEMO_MERCHANT, it can log in) verified to Lv2, with a bank card to be paid to, real coins in its
 * fiat (legal) account deposited through the ledger, and an approved merchant row with buy and sell ads
 * of USDT and BTC in CNY and USD, fixed and floating. Every row is marked demo; a sell ad's coins are
 * frozen by the same ledger entry a posted ad makes, so the audit holds. A second call adds nothing.
 */
import { eq } from 'drizzle-orm';
import { hashPassword } from '../accounts/passwords.ts';
import { insertUser } from '../accounts/repository.ts';
import { users } from '../accounts/tables.ts';
import type { Db } from '../db/client.ts';
import { saveBankCard } from '../funds/repository.ts';
import { identityVerifications } from '../identity/tables.ts';
import { openUserAccounts } from '../ledger/index.ts';
import { demoDeposit } from '../site/demo.ts';
import { currencies } from '../site/tables.ts';
import { freezeAd } from './escrow.ts';
import { demoMerchantCount, insertAd, listMethods, saveApplication, updateMerchant } from './repository.ts';

export const OTC_DEMO_MERCHANT = {
  account: 'otc-merchant@fairex.local',
  password: 'demo123456',
  payPassword: 'pay123456',
  name: 'Demo OTC Desk',
  funds: { USDT: '200000', BTC: '3' },
};

type DemoAd = {
  side: 'sell' | 'buy';
  coin: 'USDT' | 'BTC';
  fiat: string;
  price?: string;
  margin?: string;
  quantity: string;
  minFiat: string;
  maxFiat: string;
  payMinutes: number;
  remark: string;
};

const DEMO_ADS: DemoAd[] = [
  { side: 'sell', coin: 'USDT', fiat: 'CNY', price: '7.28', quantity: '50000', minFiat: '100', maxFiat: '50000', payMinutes: 15, remark: 'Demo ad: bank transfer only' },
  { side: 'sell', coin: 'USDT', fiat: 'USD', margin: '0.005', quantity: '50000', minFiat: '20', maxFiat: '10000', payMinutes: 15, remark: 'Demo ad' },
  { side: 'sell', coin: 'BTC', fiat: 'CNY', margin: '0.01', quantity: '1', minFiat: '500', maxFiat: '200000', payMinutes: 30, remark: 'Demo ad' },
  { side: 'buy', coin: 'USDT', fiat: 'CNY', price: '7.15', quantity: '30000', minFiat: '100', maxFiat: '30000', payMinutes: 15, remark: 'Demo ad: we pay within minutes' },
];

export async function seedOtcDemo(db: Db, now: number) {
  if ((await demoMerchantCount(db)) > 0) return;
  const coins = new Map((await db.select().from(currencies)).map((c) => [c.name, c]));
  const bank = (await listMethods(db, false)).find((m) => m.kind === 'bank');
  if (!bank) return;
  const [passwordHash, payPasswordHash] = await Promise.all([hashPassword(OTC_DEMO_MERCHANT.password), hashPassword(OTC_DEMO_MERCHANT.payPassword)]);
  await db.transaction(async (tx) => {
    const at = now;
    const user = await insertUser(tx, {
      account: OTC_DEMO_MERCHANT.account,
      email: OTC_DEMO_MERCHANT.account,
      nickname: OTC_DEMO_MERCHANT.name,
      passwordHash,
      payPasswordHash,
      extensionCode: 'DEMOOTC1',
    });
    await openUserAccounts(tx, user.id);
    await tx.insert(identityVerifications).values([
      { userId: user.id, level: 1, idType: '1', name: 'Demo Desk', cardId: 'DEMO-OTC-0001', status: 'approved', reviewedAt: new Date(at) },
      { userId: user.id, level: 2, status: 'approved', reviewedAt: new Date(at) },
    ]);
    await saveBankCard(tx, user.id, 'bank', { real_name: 'Demo Desk Ltd', bank_account: '6222 0000 0000 0001', bank_name: 'Demo Bank', bank_branch: 'Head office' });
    for (const [name, amount] of Object.entries(OTC_DEMO_MERCHANT.funds)) {
      const coin = coins.get(name);
      if (coin) await demoDeposit(tx, { userId: user.id, currencyId: coin.id, kind: 'fiat', amount, memo: 'demo OTC merchant funds', scope: 'otc' });
    }
    const applied = await saveApplication(tx, { userId: user.id, name: OTC_DEMO_MERCHANT.name, appliedAt: at, demo: true, status: 'approved' });
    const merchant = await updateMerchant(tx, applied.id, { decidedAt: at });
    for (const ad of DEMO_ADS) {
      const coin = coins.get(ad.coin);
      if (!coin) continue;
      const created = await insertAd(tx, {
        merchantId: merchant.id,
        userId: user.id,
        side: ad.side,
        currencyId: coin.id,
        fiat: ad.fiat,
        priceType: ad.price ? 'fixed' : 'floating',
        price: ad.price ?? null,
        margin: ad.margin ?? null,
        quantity: ad.quantity,
        remaining: ad.quantity,
        minFiat: ad.minFiat,
        maxFiat: ad.maxFiat,
        methodIds: [bank.id],
        payMinutes: ad.payMinutes,
        remark: ad.remark,
        createdAt: at,
        demo: true,
      });
      await freezeAd(tx, created);
    }
  });
}

/** The demo merchant's user id, when seeded. */
export async function demoMerchantUserId(db: Db): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.account, OTC_DEMO_MERCHANT.account)).limit(1);
  return row?.id;
}
