import { errorMessage } from '@fairex/contract';
import { accountsOf } from '../../src/ledger/index.ts';
import type { TestApp } from '../support/app.ts';

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
