import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from './trust-proxy.ts';

/**
 * The client address of a raw request under a trustProxy setting, as Fastify's `request.ip` gives it
 * for the same setting (the same @fastify/proxy-addr rules), for what Fastify does not route: the
 * socket.io handshakes. So a per-address limit counts one client the same way over HTTP and realtime.
 */
export function clientAddressOf(trust: TrustProxy): (request: IncomingMessage) => string {
  if (trust === false) return (request) => request.socket.remoteAddress ?? '';
  const trusted = typeof trust === 'function' ? trust : trust === true ? () => true : proxyAddr.compile(trust);
  return (request) => proxyAddr(request, trusted);
}
