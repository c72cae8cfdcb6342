/**
 * Back office for wealth products in general: the operator's time zone (admin only, logged), the runs
 * of every wealth job (what each paid, when), and the system accounts that fund interest and take the
 * products' money. Each product's own screens are in mining/, ieo/ and invest/.
 */
import { toAmountString, wealthRunsInput, wealthSettingsInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import { ALL_ROLES, currentOperator, logAction, requireOperator } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { wealthSystemBalances } from './repository.ts';
import { pageRuns } from './runs.ts';
import { setWealthTimeZone, wealthTimeZone } from './settings.ts';

export function adminWealthRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'clock' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/wealth', anyOperator, async () => {
    const balances = await wealthSystemBalances(ctx.db);
    return ok({ time_zone: await wealthTimeZone(ctx.db), now: ctx.clock(), system_accounts: balances.map((b) => ({ ...b, balance: toAmountString(b.balance) })) });
  });

  app.get('/wealth/runs', anyOperator, async (request) => ok(await pageRuns(ctx.db, parse(wealthRunsInput, request.query))));

  app.post('/wealth/settings', adminOnly, async (request) => {
    const input = parse(wealthSettingsInput, request.body);
    const operator = currentOperator(request);
    await ctx.db.transaction(async (tx) => {
      const before = await wealthTimeZone(tx);
      await setWealthTimeZone(tx, input.time_zone);
      await logAction(tx, operator.id, 'wealth.settings', 'wealth_time_zone', { before, after: input.time_zone });
    });
    return ok({ time_zone: input.time_zone });
  });
}
