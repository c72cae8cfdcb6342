/**
 * GET /metrics in Prometheus's text format, for a scraper holding METRICS_TOKEN (`Authorization: Bearer
 * <token>`). Unset, the route does not exist (404, like any unknown path): metrics name symbols, routes and
 * job names, which an operator may not want public. A wrong or missing token gets 401 with no body.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.ts';

/** Whether the Authorization header carries exactly the token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function metricsRoutes(app: FastifyInstance, metrics: Metrics, token: string | undefined) {
  if (!token) return;
  app.get('/metrics', async (request, reply) => {
    if (!bearerMatches(request.headers.authorization, token)) return reply.code(401).header('www-authenticate', 'Bearer').send();
    return reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store').send(await metrics.registry.metrics());
  });
}
