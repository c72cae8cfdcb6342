/** Back-office site configuration: the fiat rates behind GET /apis/US.json, edited by an operator and logged. */
import { KEPT_FIAT_CURRENCIES, toAmountString, type FiatRateEditInput } from '@fairex/contract';
import { logAction, type Operator } from '../admin/operators.ts';
import type { Executor, Db } from '../db/client.ts';
import { DomainError } from '../http/errors.ts';
import { listKeptFiatRates, lockFiatRate, updateFiatRate } from './repository.ts';

const KEPT = KEPT_FIAT_CURRENCIES as readonly string[];

/** The kept currencies' rates against USD, in the spec's order, with when each was last set. */
export async function fiatRateRows(db: Executor) {
  const rows = await listKeptFiatRates(db);
  rows.sort((a, b) => KEPT.indexOf(a.currencyCode) - KEPT.indexOf(b.currencyCode));
  return rows.map((r) => ({ currency_code: r.currencyCode, rate: toAmountString(r.rate), updated_at: r.updatedAt.toISOString() }));
}

export async function editFiatRate(db: Db, operator: Operator, input: FiatRateEditInput) {
  const rate = toAmountString(input.rate);
  await db.transaction(async (tx) => {
    const before = await lockFiatRate(tx, input.currency_code);
    if (!before) throw new DomainError('not_found');
    await updateFiatRate(tx, input.currency_code, rate);
    await logAction(tx, operator.id, 'fiat_rate_edit', `fiat:${input.currency_code}`, { before: toAmountString(before.rate), after: rate });
  });
  return fiatRateRows(db);
}
