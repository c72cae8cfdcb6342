/**
 * Back-office markets (issue 5): symbols, spot fee rates and market-maker settings (admin only), and
 * the spot order and trade search (every role: support answers users' questions about their orders).
 */
import { adminSpotOrdersInput, adminSpotTradesInput, idParam, marketMakerInput, spotDemoTradingInput, spotFeesInput, symbolCreateInput, symbolEditInput } from '@fairex/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import { adminSymbols, createSymbol, editSymbol } from '../markets/back-office.ts';
import { editMarketMaker, editSpotDemoTrading, editSpotFees, marketMakerView, searchSpotOrders, searchSpotTrades, spotDemoTradingView, spotFees } from '../spot/back-office.ts';
import { currentOperator, requireOperator } from './operators.ts';

export function adminMarketsRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'config' | 'db' | 'markets' | 'spot'>) {
  const adminOnly = { preHandler: requireOperator(ctx.db, ['admin']) };
  const anyOperator = { preHandler: requireOperator(ctx.db, ['admin', 'reviewer', 'support']) };

  app.get('/symbols', adminOnly, async () => ok(await adminSymbols(ctx)));
  app.post('/symbols', adminOnly, async (request) => ok({ id: await createSymbol(ctx, currentOperator(request), parse(symbolCreateInput, request.body)) }));
  app.post('/symbols/:id', adminOnly, async (request) =>
    ok({ id: await editSymbol(ctx, currentOperator(request), parse(idParam, request.params).id, parse(symbolEditInput, request.body)) }),
  );

  app.get('/spot/fees', adminOnly, async () => ok(await spotFees(ctx.db)));
  app.post('/spot/fees', adminOnly, async (request) => ok(await editSpotFees(ctx, currentOperator(request), parse(spotFeesInput, request.body))));

  app.get('/market-maker', adminOnly, async () => ok(await marketMakerView(ctx)));
  app.post('/market-maker', adminOnly, async (request) => ok(await editMarketMaker(ctx, currentOperator(request), parse(marketMakerInput, request.body))));
  app.get('/spot/demo-trading', adminOnly, async () => ok(await spotDemoTradingView(ctx.db)));
  app.post('/spot/demo-trading', adminOnly, async (request) => ok(await editSpotDemoTrading(ctx, currentOperator(request), parse(spotDemoTradingInput, request.body))));

  app.get('/spot/orders', anyOperator, async (request) => ok(await searchSpotOrders(ctx.db, parse(adminSpotOrdersInput, request.query))));
  app.get('/spot/trades', anyOperator, async (request) => ok(await searchSpotTrades(ctx.db, parse(adminSpotTradesInput, request.query))));
}
