// Proves the demo seed: a development start gets one IEO in progress (FAIR, 10,000,000 at 0.05 USDT,
// locked 30 days, ending in 7 days) and one in warm-up (starting in 3 days), each on its own demo token
// coin without networks, marked demo; a second call adds nothing; each reads in the reader's language (all
// eight) until an operator rewrites its description.
import { DAY_MS, LANGS, type Lang } from '@fairex/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIeoDemo } from '../../src/ieo/demo.ts';
import { ieoProjects } from '../../src/ieo/tables.ts';
import { currencies, currencyNetworks } from '../../src/site/tables.ts';
import { call } from '../support/app.ts';
import { ieoRig, type IeoRig } from './support.ts';

let rig: IeoRig;

beforeAll(async () => {
  rig = await ieoRig();
});
afterAll(() => rig.test.close());

describe('demo IEO projects', () => {
  it('seeds one project in progress and one in warm-up on demo token coins, once', async () => {
    const now = rig.clock.now;
    await seedIeoDemo(rig.test.db, now);
    await seedIeoDemo(rig.test.db, now + DAY_MS);
    const projects = await rig.test.db.select().from(ieoProjects).where(eq(ieoProjects.demo, true));
    expect(projects).toHaveLength(2);
    const tokens = await rig.test.db.select().from(currencies).where(inArray(currencies.name, ['FAIR', 'GRID']));
    expect(tokens.map((t) => [t.name, t.fullName, t.decimals])).toEqual(expect.arrayContaining([['FAIR', 'FairEx Demo Token', 8], ['GRID', 'GridLink Demo Token', 8]]));
    expect(await rig.test.db.select().from(currencyNetworks).where(inArray(currencyNetworks.currencyId, tokens.map((t) => t.id)))).toEqual([]);
    const list = await call(rig.test.app, '/project', { method: 'GET' });
    expect(list.body.message.data).toEqual([
      expect.objectContaining({ currency: 'FAIR', state: 'in_progress', price: '0.05', total_issuance: '10000000', lock_days: 30, end_at: now + 7 * DAY_MS, white_paper: '', website: '', listing_at: null, pay_currency: 'USDT' }),
      expect.objectContaining({ currency: 'GRID', state: 'warmup', start_at: now + 3 * DAY_MS }),
    ]);
    const fair = tokens.find((t) => t.name === 'FAIR')!;
    expect(Number(fair.referencePriceUsdt)).toBe(0.05);
  });

  it('describes each demo project in the reader language, and an operator edit as written', async () => {
    const descriptions = async (lang: Lang) => ((await call(rig.test.app, '/project', { method: 'GET', lang })).body.message.data as { description: string }[]).map((p) => p.description);
    const english = await descriptions('en');
    expect(english[0]).toMatch(/^A demonstration project: subscribe with USDT/);
    const seen = new Set<string>();
    for (const lang of LANGS) {
      const [fair, grid] = await descriptions(lang);
      seen.add(fair!).add(grid!);
    }
    expect(seen.size).toBe(2 * LANGS.length);
    const [project] = await rig.test.db.select().from(ieoProjects).where(eq(ieoProjects.name, 'FairEx Demo Token (FAIR)'));
    expect((await call(rig.test.app, '/project/detail', { method: 'GET', lang: 'fra', payload: { project_id: project!.id } })).body.message.description).toMatch(/^Un projet de démonstration/);
    await rig.test.db.update(ieoProjects).set({ description: 'Rewritten by an operator.' }).where(eq(ieoProjects.id, project!.id));
    expect((await descriptions('fra'))[0]).toBe('Rewritten by an operator.');
  });
});
