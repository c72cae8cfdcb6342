// Proves every id the contract takes fits the database's integer range: each input schema's field named
// `id` or `*_id` refuses 2^31 (one past PostgreSQL's int4) and takes 2^31 - 1, except the ids of
// bigserial tables (spot orders, OTC orders, loans, contract positions), which take ids up to JS's safe integers.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from '../src/index.ts';
import { BIGINT_ID_MAX, INT_ID_MAX } from '../src/validators.ts';

/** The object shape of an exported input schema (through refinements, transforms and pipes). */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = (schema as unknown as { _zod: { def: { type: string; shape?: Record<string, z.ZodType>; in?: z.ZodType } } })._zod.def;
  if (def.type === 'object') return def.shape;
  if (def.type === 'pipe' && def.in) return shapeOf(def.in);
  return undefined;
}

/** Fields that hold the id of a bigserial row. */
const BIGINT_IDS = new Set(['spotCancelInput.id', 'contractCloseInput.id', 'contractSetStopInput.id', 'optionResultInput.id', 'miningRedeemInput.id', 'supportReadInput.last_id', 'supportThreadReadInput.last_id',
  'otcOrderInput.id', 'otcOrderPaidInput.id', 'otcOrderReleaseInput.id', 'otcOrderAppealInput.id', 'otcMessagesInput.id', 'otcMessageSendInput.id', 'otcAdminOrderInput.id', 'otcAppealDecideInput.id',
  'loanRepayInput.id', 'loanAddCollateralInput.id', 'loanHistoryInput.loan_id', 'selfHoldingInput.transaction_id',
  'indexTickInput.id', 'indexTicksInput.after_id', 'indexTicksInput.to_id']);
/** Named like ids but not row ids: texts (an idempotency key, an identity card number) and an enum of two categories. */
const NOT_ROW_IDS = new Set(['idempotencyInput.client_id', 'basicIdentityInput.card_id']);
const ENUM_IDS = new Set(['newsListInput.c_id']);

const idFields = Object.entries(contract)
  .filter(([name, value]) => name.endsWith('Input') || name.endsWith('Param'))
  .flatMap(([name, value]) => {
    const shape = typeof value === 'object' && value !== null && '_zod' in value ? shapeOf(value as z.ZodType) : undefined;
    return Object.entries(shape ?? {})
      .filter(([key]) => key === 'id' || key.endsWith('_id'))
      .map(([key, field]) => ({ where: `${name}.${key}`, field }))
      .filter(({ where }) => !NOT_ROW_IDS.has(where));
  });

describe('ids in the contract', () => {
  it('finds the id fields of the input schemas', () => {
    expect(idFields.length).toBeGreaterThan(20);
  });

  it.each(idFields)('bounds $where to its column type', ({ where, field }) => {
    const max = BIGINT_IDS.has(where) ? BIGINT_ID_MAX : INT_ID_MAX;
    if (!ENUM_IDS.has(where)) expect(field.safeParse(String(max)).success, `${where} takes ${max}`).toBe(true);
    expect(field.safeParse(String(max + 1)).success, `${where} refuses ${max + 1}`).toBe(false);
    expect(field.safeParse(max + 1).success).toBe(false);
    expect(field.safeParse('-1').success).toBe(false);
    expect(field.safeParse('1.5').success).toBe(false);
    expect(field.safeParse('x').success).toBe(false);
  });
});
