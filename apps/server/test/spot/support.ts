import { errorMessage } from '@fairex/contract';
import { accountsOf, post, systemAccount, userAccount } from '../../src/ledger/index.ts';
import type { TestApp } from '../support/app.ts';

let fundingRef = 1;

/** Funds a user's spot account through the ledger, as a confirmed deposit would (never by UPDATE). */
export async function fund(test: TestApp, userId: number, currencyId: number, amount: string) {
  await test.db.transaction(async (tx) => {
    await post(tx, {
      kind: 'deposit',
      refType: 'spot_test',
      refId: fundingRef++,
      legs: [
        { accountId: await systemAccount(tx, 'deposits_in_transit', currencyId), amount: `-${amount}` },
        { accountId: await userAccount(tx, userId, currencyId, 'spot'), amount },
      ],
    });
  });
}

/** A user's spot figures in one coin. */
export async function spotFigures(test: TestApp, userId: number, currencyId: number) {
  const row = (await accountsOf(test.db, userId)).find((a) => a.currency_id === currencyId && a.kind === 'spot');
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

export function btcMarket(test: TestApp) {
  const symbol = test.ctx.markets.symbolByName('BTC/USDT')!;
  return { symbolId: symbol.id, base: symbol.baseCurrencyId!, quote: symbol.quoteCurrencyId };
}

export const message = errorMessage;
