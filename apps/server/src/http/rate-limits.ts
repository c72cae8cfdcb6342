import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from './errors.ts';

/** One named limit: at most `max` requests per `windowMs` for each key (a client address, a target, a user). */
export type NamedLimit = { name: string; max: number; windowMs: number; key: (request: FastifyRequest) => string };

/** Per server (all of an app's plugin contexts): how many limitedBy calls use each limit name. */
const namesInUse = new WeakMap<object, Map<string, number>>();

/**
 * A preHandler applying several limits to one route, each with its own counter (the route option
 * `config.rateLimit` allows one key only): the first limit exceeded refuses with too_many_requests.
 *
 * The counters live in the rate-limit plugin's store, shared by every process on one Redis
 * (http/limit-store.ts), so keys must mean the same in every process: one preHandler used on several
 * routes counts them together (uploads), and a name used by several limitedBy calls (one per route,
 * as the code-guess limits) counts per route, as each call had its own counters in memory.
 */
export function limitedBy(app: FastifyInstance, limits: NamedLimit[]) {
  let names = namesInUse.get(app.server);
  if (!names) namesInUse.set(app.server, (names = new Map()));
  for (const limit of limits) names.set(limit.name, (names.get(limit.name) ?? 0) + 1);
  const uses = names;
  const scopeOf = (request: FastifyRequest, name: string) => ((uses.get(name) ?? 0) > 1 ? `${name}@${request.method} ${request.routeOptions.url}` : name);
  const checks = limits.map((limit) =>
    app.createRateLimit({ max: limit.max, timeWindow: limit.windowMs, keyGenerator: (request) => `${scopeOf(request, limit.name)}:${limit.key(request)}` }),
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
