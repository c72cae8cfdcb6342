import { createRequire } from 'node:module';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

type HelmetMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;
/** The helmet that @fastify/helmet itself uses (its dependency), for the header values it would set. */
const helmet = createRequire(createRequire(import.meta.url).resolve('@fastify/helmet'))('helmet') as (options: object) => HelmetMiddleware;

/**
 * The Content-Security-Policy of every answer (pages, assets, the API): what the web app and the back
 * office load, and nothing else.
 * - Scripts only from our origin (Vite's module scripts and chunks); no inline script and no eval (the
 *   contract's schemas parse without eval in a browser: packages/contract/src/jitless.ts).
 * - Inline styles are allowed: antd writes its CSS-in-JS into <style> elements and antd-mobile and
 *   lightweight-charts set style attributes.
 * - Images from our origin (signed uploads), data: (inline icons) and blob: (the preview of a chosen file).
 * - Connections to our origin only: the API and socket.io (CSP 3 lets 'self' match ws:/wss: on the same host).
 * - No framing by anyone (frame-ancestors 'none'), no plugins, no <base> hijack, forms post to us only.
 * upgrade-insecure-requests is left out: the server itself speaks plain HTTP (TLS ends at a proxy).
 */
export const CONTENT_SECURITY_POLICY = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/** @fastify/helmet's options (nosniff and the rest of its defaults kept): the policy above, no framing, and no referrer (signed upload URLs stay with us). */
export const SECURITY_HEADERS: FastifyHelmetOptions = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
};

/**
 * SECURITY_HEADERS with frames allowed from our origin and from `frameHosts()`, read for each answer:
 * the hosts an operator lets the web view open (content/frame-hosts.ts). Nothing else may be framed.
 */
export function securityHeaders(frameHosts: () => readonly string[]): FastifyHelmetOptions {
  const frameSrc = () => ["'self'", ...frameHosts()].join(' ');
  return { ...SECURITY_HEADERS, contentSecurityPolicy: { useDefaults: false, directives: { ...CONTENT_SECURITY_POLICY, 'frame-src': [frameSrc] } } };
}

/** The same headers as plain values, for answers Fastify does not make (socket.io's polling transport). */
export const SECURITY_HEADER_VALUES: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CONTENT_SECURITY_POLICY)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join(';'),
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** What helmet does to an answer with these options: the headers it sets and the ones it removes. */
function helmetHeaders(options: FastifyHelmetOptions): { set: [string, string][]; removed: string[] } {
  const { global: _global, enableCSPNonces: _nonces, ...helmetOptions } = options;
  const set: [string, string][] = [];
  const removed: string[] = [];
  const res = { setHeader: (name: string, value: unknown) => set.push([name, String(value)]), removeHeader: (name: string) => removed.push(name) };
  helmet(helmetOptions)({} as IncomingMessage, res as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  return { set, removed };
}

/**
 * An onRequest hook that sets exactly the headers @fastify/helmet would with securityHeaders(frameHosts),
 * worked out once per frame-host list instead of on each request: @fastify/helmet builds helmet's
 * middleware from its options again for every answer, which cost the order path more than its own
 * checks. The list is read for each answer (content/frame-hosts.ts keeps it in memory).
 */
export function securityHeadersHook(frameHosts: () => readonly string[]) {
  let hosts: readonly string[] | undefined;
  let headers: ReturnType<typeof helmetHeaders> = { set: [], removed: [] };
  return function securityHeadersOnRequest(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const now = frameHosts();
    if (now !== hosts) {
      headers = helmetHeaders(securityHeaders(() => now));
      hosts = now;
    }
    const res = reply.raw;
    for (const [name, value] of headers.set) res.setHeader(name, value);
    for (const name of headers.removed) res.removeHeader(name);
    done();
  };
}
