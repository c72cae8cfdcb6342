// Proves that nothing but the recorded index decides a dual order's result: the back-office API's route
// table holds no write to an order, a settlement price or a payout (only product figures and the cancel
// that refunds in full), the user API writes only purchases, and in the source only settlement writes a
// paid order, a settlement price or a settlement tick, from dualSettlement and the tick in force.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../support/app.ts';
import { writeRoutes } from '../support/routes.ts';

const SERVER_SRC = path.resolve(import.meta.dirname, '../../src');
const ROOT = path.resolve(SERVER_SRC, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}
const files = sourceFiles(SERVER_SRC);
const read = (file: string) => fs.readFileSync(file, 'utf8');
const relative = (file: string) => path.relative(ROOT, file);
const filesMatching = (pattern: RegExp) => files.filter((file) => pattern.test(read(file))).map(relative).sort();

describe('no result override for dual investment in the code', () => {
  it('pays an order (status success) only in settlement, from dualSettlement on the fresh tick in force at settle_at (a stale one voids the product)', () => {
    expect(filesMatching(/status: 'success',/)).toEqual(['apps/server/src/invest/settlement.ts']);
    const settlement = read(path.join(SERVER_SRC, 'invest/settlement.ts'));
    expect(settlement).toContain('settlePrice: tick.price,');
    expect(settlement).toContain('(await ticksInForce(tx, product.symbolId, [product.settleAt])).get(product.settleAt);');
    expect(settlement).toContain('settlementTick(inForce, (latest?.time ?? -1) >= product.settleAt, product.settleAt, deps.now, deps.indexFreshMs)');
    expect(settlement.match(/dualSettlement\(/g)).toHaveLength(1);
  });

  it('writes a settlement price or tick only in settlement (the table declares the columns)', () => {
    // The audit names a settle price only to recompute a payout by the rule, writing nothing.
    expect(filesMatching(/\b(settlePrice|settleTickId): (?!amount\(|bigint\()/)).toEqual(['apps/server/src/invest/audit.ts', 'apps/server/src/invest/settlement.ts']);
    expect(read(path.join(SERVER_SRC, 'invest/audit.ts'))).not.toMatch(/\b(update|insert)\(/);
  });
});

describe('no result override for dual investment in the API', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await makeTestApp();
  });
  afterAll(() => test.close());

  it('exposes only product writes and the cancel to operators, and only purchases and the list to users', () => {
    expect(writeRoutes(test.app, /^\/api\/admin\/dual/)).toEqual(['POST /api/admin/dual/products', 'POST /api/admin/dual/products/cancel']);
    expect(writeRoutes(test.app, /^\/api\/dual\//)).toEqual(['POST /api/dual/buyDual', 'POST /api/dual/dual_list']);
  });
});
