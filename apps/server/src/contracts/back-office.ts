/**
 * Back-office reads of contracts (every operator role): open positions and exposure per symbol at the
 * mark now (the recorded index), the liquidations (each with the recorded tick that caused it), and the overnight-fee runs
 * (one per cut-off day: positions charged, amount, how much came from margins and from balances).
 * Read only: nothing here sets a price, a position or an outcome.
 */
import { adminPageInput, CONTRACT_SIDES, money, profitLoss, toAmountString, type ContractExposure, type ContractSide } from '@fairex/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { requireOperator, ALL_ROLES } from '../admin/operators.ts';
import type { AppContext } from '../app-context.ts';
import { queryRows, type Executor } from '../db/client.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/errors.ts';
import type { ContractService } from './service.ts';

type SideTotals = { symbol_id: number; side: ContractSide; positions: number; lots: number; margin: string; weight: string; cost: string };

/**
 * Open positions per symbol and side, summed in SQL (no position is loaded): lots, margins, and for the
 * P&L at the mark, sum(lots x size) and sum(lots x size x open): P&L = dir x (mark x weight - cost),
 * the contract rule summed over the positions of a side.
 */
export async function exposure(db: Executor, contracts: ContractService, markOf: (symbol: string) => string | null): Promise<ContractExposure[]> {
  const rows = await queryRows<SideTotals>(
    db,
    sql`select symbol_id, side, count(*)::int as positions, sum(lots)::int as lots, sum(margin)::text as margin,
               sum(lots * contract_size)::text as weight, sum(lots * contract_size * open_price)::text as cost
          from contract_positions where status = 'open' group by symbol_id, side order by symbol_id, side`,
  );
  return contracts.adminSettings().map((settings) => {
    const sides = rows.filter((r) => r.symbol_id === settings.symbol_id);
    const mark = markOf(settings.symbol);
    const of = (side: ContractSide) => sides.find((r) => r.side === side);
    // P&L of a side = profitLoss(side, cost / weight, mark, weight, 1): the average open price over the side's weight.
    const profitOf = (side: ContractSide) => {
      const row = of(side);
      if (!row || mark === null || money(row.weight).isZero()) return '0';
      return profitLoss(side, money(row.cost).dividedBy(row.weight), mark, row.weight, 1);
    };
    return {
      symbol_id: settings.symbol_id,
      symbol: settings.symbol,
      kind: settings.kind,
      mark_price: mark,
      positions: sides.reduce((t, r) => t + r.positions, 0),
      long_lots: of('long')?.lots ?? 0,
      short_lots: of('short')?.lots ?? 0,
      margin: toAmountString(sides.reduce((t, r) => t.plus(r.margin), money(0))),
      profit: mark === null ? null : toAmountString(CONTRACT_SIDES.reduce((t, side) => t.plus(profitOf(side)), money(0))),
    };
  });
}

export type LiquidationRow = {
  id: number;
  user_id: number;
  account: string;
  symbol: string;
  side: ContractSide;
  lots: number;
  multiple: number;
  open_price: string;
  close_price: string;
  margin: string;
  profit: string;
  close_tick_id: string | null;
  closed_at: string;
};

/** Liquidated positions, newest first, with the recorded tick each was liquidated on. */
export async function liquidations(db: Executor, query: { page: number; limit: number; q?: string }) {
  const user = query.q && /^\d{1,9}$/.test(query.q) ? Number(query.q) : undefined;
  const filter = user === undefined ? sql`` : sql` and p.user_id = ${user}`;
  const [count] = await queryRows<{ total: number }>(db, sql`select count(*)::int as total from contract_positions p where p.close_reason = 'liquidation'${filter}`);
  const data = await queryRows<LiquidationRow>(
    db,
    sql`select p.id::int as id, p.user_id, u.account, s.symbol, p.side, p.lots, p.multiple, p.open_price::text as open_price,
               p.close_price::text as close_price, p.margin::text as margin, coalesce(p.profit, 0)::text as profit,
               p.close_tick_id::text as close_tick_id, p.closed_at as closed_at
          from contract_positions p join users u on u.id = p.user_id join market_symbols s on s.id = p.symbol_id
         where p.close_reason = 'liquidation'${filter}
         order by p.closed_at desc, p.id desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: data.map((r) => ({ ...r, open_price: toAmountString(r.open_price), close_price: toAmountString(r.close_price), margin: toAmountString(r.margin), profit: toAmountString(r.profit), closed_at: new Date(r.closed_at).toISOString() })),
    total: count?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

export type OvernightRun = { day: string; positions: number; amount: string; from_margin: string; from_available: string; charged_at: string };

/** The overnight-fee runs: one row per cut-off day, newest first. */
export async function overnightRuns(db: Executor, query: { page: number; limit: number }) {
  const [count] = await queryRows<{ total: number }>(db, sql`select count(distinct day)::int as total from contract_overnight_fees`);
  const data = await queryRows<OvernightRun>(
    db,
    sql`select day, count(*)::int as positions, sum(amount)::text as amount, sum(from_margin)::text as from_margin,
               sum(from_available)::text as from_available, max(created_at) as charged_at
          from contract_overnight_fees group by day order by day desc limit ${query.limit} offset ${(query.page - 1) * query.limit}`,
  );
  return {
    data: data.map((r) => ({
      ...r,
      amount: toAmountString(r.amount),
      from_margin: toAmountString(r.from_margin),
      from_available: toAmountString(r.from_available),
      charged_at: new Date(r.charged_at).toISOString(),
    })),
    total: count?.total ?? 0,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /api/admin/contracts/exposure, /liquidations and /overnight: every operator role may read them. */
export function contractsBackOfficeRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'contracts' | 'db' | 'ticks'>) {
  const anyOperator = { preHandler: requireOperator(ctx.db, ALL_ROLES) };
  const markOf = (symbol: string) => ctx.ticks.latest(symbol)?.price ?? null;
  app.get('/contracts/exposure', anyOperator, async () => ok(await exposure(ctx.db, ctx.contracts, markOf)));
  app.get('/contracts/liquidations', anyOperator, async (request) => ok(await liquidations(ctx.db, parse(adminPageInput, request.query))));
  app.get('/contracts/overnight', anyOperator, async (request) => ok(await overnightRuns(ctx.db, parse(adminPageInput, request.query))));
}
