import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/** One named limit: at most `max` requests per `windowMs` for each key (a client address, a target, a user). */
export type NamedLimit = { name: string; max: number; windowMs: number; key: (request: FastifyRequest) => string };

/**
 * A preHandler applying several limits to one route, each with its own counter (the route option
 * `config.rateLimit` allows one key only): the first limit exceeded refuses with too_many_requests.
 */
export function limitedBy(app: FastifyInstance, limits: NamedLimit[]) {
  const checks = limits.map((limit) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${limit.name}:${limit.key(request)}` }),
  );
  return async (request: FastifyRequest) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw new DomainError('too_many_requests');
    }
  };
}

/** A field of the parsed body as a string ('' when missing), for limit keys. */
export const bodyField = (request: FastifyRequest, name: string) => String((request.body as Record<string, unknown> | undefined)?.[name] ?? '');
