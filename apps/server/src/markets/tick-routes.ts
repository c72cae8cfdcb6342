/**
 * The public index ticks (no login): GET /index/tick (one by id), /index/ticks (a symbol's ticks by
 * time or id range, a bounded page in chain order) and /index/heads (each symbol's chain head of a UTC
 * day). With the chain rule (@fairex/contract tick-chain.ts) and the freshness rule they carry
 * (fresh_ms), anyone can check that a cited tick is stored, unchanged, and the one in force at a time
 * (scripts/fairness/verify-option.mjs does it for a seconds option). Rate limited per client address.
 */
import { DAY_MS, indexHeadsInput, indexTickInput, indexTicksInput, INDEX_TICKS_PAGE_MAX, TICK_CHAIN_GENESIS, type IndexTicksAnswer } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { ok } from '../http/envelope.ts';
import { DomainError, parse } from '../http/errors.ts';
import { chainHeads, symbolIdByName, tickById, ticksOf } from './repository.ts';

/** Public tick reads per client address per minute (a day's option chain is 87 pages of 1,000). */
export const INDEX_TICK_READS_PER_MINUTE = 300;

export function tickRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'limits'>) {
  const limited = { config: { rateLimit: { max: INDEX_TICK_READS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `index-ticks:${r.ip}` } } };
  const answer = (data: IndexTicksAnswer['data'], more: boolean): IndexTicksAnswer => ({ data, more, fresh_ms: ctx.limits.indexFreshMs, genesis: TICK_CHAIN_GENESIS });

  app.get('/index/tick', limited, async (request) => {
    const input = parse(indexTickInput, request.query);
    const tick = await tickById(ctx.db, input.id);
    if (!tick) throw new DomainError('not_found');
    return ok(answer([tick], false));
  });

  app.get('/index/ticks', limited, async (request) => {
    const input = parse(indexTicksInput, request.query);
    const symbolId = await symbolIdByName(ctx.db, input.symbol);
    if (symbolId === undefined) throw new DomainError('not_found');
    const page = await ticksOf(ctx.db, symbolId, { from: input.from, to: input.to, afterId: input.after_id, toId: input.to_id }, input.limit ?? INDEX_TICKS_PAGE_MAX);
    return ok(answer(page.data, page.more));
  });

  app.get('/index/heads', limited, async (request) => {
    const { day } = parse(indexHeadsInput, request.query);
    const from = Date.parse(`${day}T00:00:00Z`);
    return ok({ day, heads: (await chainHeads(ctx.db, from, from + DAY_MS)).map((h) => ({ ...h, day })) });
  });
}
