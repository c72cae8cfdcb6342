/**
 * The back-office scope's onRequest hook: stamps the session clock's reading on the request (so session
 * ends are judged on one injectable clock), and refuses a state-changing call (anything but GET, HEAD,
 * OPTIONS) that could come from another site: an Origin naming another host, or a session cookie without
 * its CSRF proof (operator-cookies.ts explains the layers). The login has no session yet: only its Origin
 * is checked. A call without a session cookie goes on, and the route's requireOperator answers 999.
 */
import type { FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { DomainError } from '../http/errors.ts';
import { CSRF_HEADER, csrfProofMatches } from './operator-cookies.ts';
import { operatorTokenOf } from './operators.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const LOGIN_PATH = '/api/admin/login';

const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');

/** Whether an Origin header names the host the request was sent to (its scheme may differ behind a TLS proxy). */
export function sameHost(origin: string, host: string): boolean {
  try {
    return withoutDefaultPort(new URL(origin).host) === withoutDefaultPort(host);
  } catch {
    // "null" (a sandboxed or privacy-stripped origin) and anything unparseable.
    return false;
  }
}

export function operatorSessionGuard(sessionClock: Clock) {
  return async (request: FastifyRequest) => {
    request.operatorSessionNow = sessionClock();
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined && !sameHost(origin, request.host)) throw new DomainError('forbidden');
    if (request.url.split('?')[0] === LOGIN_PATH) return;
    const token = operatorTokenOf(request);
    if (token !== undefined && !csrfProofMatches(token, request.headers[CSRF_HEADER])) throw new DomainError('forbidden');
  };
}
