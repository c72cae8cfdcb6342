/**
 * Back-office contracts: every futures/stock symbol's settings (admin only, each edit logged with the
 * values before and after; a change of the threshold, overnight rate or spread is scheduled 24 h ahead
 * and shown to users, contracts/settings.ts), and the insurance fund and margins held (every role). No
 * route sets a position's price or outcome.
 */
import { contractSettingsUpdateInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { ALL_ROLES, currentOperator, logAction, requireOperator } from './operators.ts';

export function adminContractsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'contracts' | 'db'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };

  app.get('/contracts/settings', anyOperator, async () => ok(ctx.contracts.adminSettings()));
  app.post('/contracts/settings', adminOnly, async (request) => {
    const input = parse(contractSettingsUpdateInput, request.body);
    const operator = currentOperator(request);
    await ctx.db.transaction(async (tx) => {
      // Logged with the settings in force and the changes scheduled, before and after the edit.
      const { before, after } = await ctx.contracts.editSettings(tx, input, operator.id);
      await logAction(tx, operator.id, 'contracts.settings', `market_symbol:${input.symbol_id}`, { before, after, input });
    });
    await ctx.contracts.reloadSymbols();
    return ok(ctx.contracts.adminSettings().find((s) => s.symbol_id === input.symbol_id));
  });
  app.get('/contracts/funds', anyOperator, async () => ok(await ctx.contracts.funds()));
}
