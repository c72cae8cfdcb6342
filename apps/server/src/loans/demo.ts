/**
 * The demo loan product of a development start (production seeds none): USDT lent against BTC and ETH at
 * an initial LTV of 65 %, a margin call at 75 % and liquidation at 85 %, 0.05 % a day, flexible or for 7
 * or 30 days, 100 to 500,000 USDT, and the pool it lends from (5,000,000 USDT, a reserve of 500,000)
 * moved from equity. Marked demo (the product's flag, the entries' memo); a second call adds nothing.
 */
import type { Db } from '../db/client.ts';
import { coinByName } from '../mining/repository.ts';
import { fundLoanPool } from './pool.ts';
import { demoProductCount, insertProduct, setCollaterals, spotIndexOf } from './repository.ts';

const DEMO_NAME: Record<string, string> = {
  en: 'USDT loan against BTC or ETH',
  zh: 'BTC、ETH 抵押借 USDT',
  hk: 'BTC、ETH 抵押借 USDT',
  th: 'กู้ USDT โดยใช้ BTC หรือ ETH ค้ำประกัน',
  jp: 'BTC・ETH 担保の USDT ローン',
  kor: 'BTC·ETH 담보 USDT 대출',
  fra: 'Prêt en USDT garanti par BTC ou ETH',
  spa: 'Préstamo en USDT con garantía de BTC o ETH',
};

/** Seeds the demo product when the coins and their spot indexes exist. `_now`: the first start's clock; a product has no time of its own. */
export async function seedLoansDemo(db: Db, _now: number) {
  await fundLoanPool(db);
  if ((await demoProductCount(db)) > 0) return;
  const usdt = await coinByName(db, 'USDT');
  if (!usdt) return;
  const collaterals: { currencyId: number; symbolId: number }[] = [];
  for (const name of ['BTC', 'ETH']) {
    const coin = await coinByName(db, name);
    const index = coin && (await spotIndexOf(db, coin.id, usdt.id));
    if (coin && index) collaterals.push({ currencyId: coin.id, symbolId: index.id });
  }
  if (collaterals.length === 0) return;
  await db.transaction(async (tx) => {
    const product = await insertProduct(tx, {
      name: DEMO_NAME,
      currencyId: usdt.id,
      initialLtv: '0.65',
      marginCallLtv: '0.75',
      liquidationLtv: '0.85',
      dailyRate: '0.0005',
      terms: [0, 7, 30],
      amountMin: '100',
      amountMax: '500000',
      sort: 10,
      demo: true,
    });
    await setCollaterals(tx, product.id, collaterals);
  });
}
