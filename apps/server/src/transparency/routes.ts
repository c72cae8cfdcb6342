/**
 * GET /api/transparency (no login): the public transparency page's figures in one answer
 * (service.ts). Rate limited per client address; the answer is computed afresh at most once per
 * TRANSPARENCY_CACHE_MS, so a burst of readers costs the database one read.
 */
import type { TransparencyAnswer } from '@fairex/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.ts';
import { transparencyAnswer, type TransparencyContext } from './service.ts';

/** Reads per client address per minute. */
export const TRANSPARENCY_READS_PER_MINUTE = 60;
/** How long one computed answer is served to everyone. */
export const TRANSPARENCY_CACHE_MS = 5_000;

export function transparencyRoutes(app: FastifyInstance, ctx: TransparencyContext) {
  const limited = { config: { rateLimit: { max: TRANSPARENCY_READS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (r: FastifyRequest) => `transparency:${r.ip}` } } };
  let cached: { at: number; answer: Promise<TransparencyAnswer> } | undefined;

  app.get('/transparency', limited, async () => {
    const now = ctx.clock();
    if (!cached || now - cached.at >= TRANSPARENCY_CACHE_MS || now < cached.at) {
      const answer = transparencyAnswer(ctx);
      cached = { at: now, answer };
      // A failed read is not kept: the next reader asks again.
      answer.catch(() => {
        if (cached?.answer === answer) cached = undefined;
      });
    }
    return ok(await cached.answer);
  });
}
