/**
 * One log line per request, as an operator wants it: every answer at debug (method, path without its
 * query, status, milliseconds), a server error (5xx) at error, a slow answer (over SLOW_REQUEST_MS) at
 * warn, so the default level (info) logs only what needs a look. Fastify's own two lines per request are
 * off (disableRequestLogging). Every answer carries the request id in `x-request-id`, the same id the log
 * line has (reqId), so a user's report finds its line; a client's own id is not trusted (it could forge
 * one that matches another request's line).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export const SLOW_REQUEST_MS = 1_000;
export const REQUEST_ID_HEADER = 'x-request-id';

/** Fastify's options for request ids and logging: a random id per request, no built-in request lines. */
export const requestLogOptions = { genReqId: () => randomUUID(), disableRequestLogging: true, requestIdLogLabel: 'reqId' } as const;

/** The level a finished request is logged at (worked examples in test/http/request-log.test.ts). */
export function requestLogLevel(status: number, ms: number): 'error' | 'warn' | 'debug' {
  if (status >= 500) return 'error';
  if (ms > SLOW_REQUEST_MS) return 'warn';
  return 'debug';
}

/** Told of every answer by its route's pattern (undefined for an unknown path): the metrics. */
export type AnswerObserver = (method: string, route: string | undefined, status: number, seconds: number) => void;

export function installRequestLog(app: FastifyInstance, observe?: AnswerObserver) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    const ms = Math.round(reply.elapsedTime);
    const level = requestLogLevel(reply.statusCode, ms);
    // The path only: a query string may carry a signed upload URL's token or a search term.
    request.log[level]({ method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms }, 'request');
    observe?.(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });
}
