/**
 * A request whose work another process holds (a spot symbol's book, the core's contracts) is forwarded
 * there as it came (method, path, headers, the parsed body as JSON) and its answer relayed unchanged: the
 * holder checks the session, the idempotency key and the limits, and answers after its commit, as for a
 * request of its own. A forward carries the holder's own token (peers read it from cluster_members), so
 * the holder knows it came from a peer; a forward is never forwarded again.
 *
 * While no live process holds the work (a holder died, a hand-over), the request waits up to
 * FORWARD_WAIT_MS for the next holder, then is answered service_switching: nothing was done, or (the
 * connection broke after the request went out) the client must check, as the message says.
 */
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../http/errors.ts';
import type { ClusterRole } from './cluster.ts';

/** The header carrying the receiving member's token on a forwarded request. */
export const PEER_TOKEN_HEADER = 'x-fairex-peer';
/** Set on a forwarded request's answer when the receiver does not hold the work (any more). */
export const NOT_HELD_HEADER = 'x-fairex-not-held';
/** What the client's request looked like where it arrived: the holder judges the request as if it came to it directly. */
const ORIGINAL = { host: 'x-fairex-host', protocol: 'x-fairex-protocol', ip: 'x-fairex-ip' } as const;
/** How long a request waits for a holder (a fail-over takes a lease within about a second, then rebuilds). */
export const FORWARD_WAIT_MS = 5_000;
const RETRY_MS = 100;
/** Longest a holder may take to answer a forwarded request. */
const ANSWER_MS = 30_000;

/** Answer headers not relayed: the connection's own, and the body's (fetch decoded it; it is sent again). */
const NOT_RELAYED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', NOT_HELD_HEADER]);
/** Request headers not passed on: the connection's own, and the body's (it is sent again as JSON). */
const DROPPED = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'accept-encoding', 'content-type', 'keep-alive', 'upgrade', PEER_TOKEN_HEADER, ...Object.values(ORIGINAL)]);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a request came from a peer (it carries this member's token). */
export function fromPeer(cluster: ClusterRole, request: FastifyRequest): boolean {
  const token = request.headers[PEER_TOKEN_HEADER];
  if (cluster.token === undefined || typeof token !== 'string') return false;
  const [given, own] = [Buffer.from(token), Buffer.from(cluster.token)];
  return given.length === own.length && timingSafeEqual(given, own);
}

/**
 * An onRequest hook: a peer's forward is judged as the client's request where it arrived, with that
 * request's host (the back office's Origin check), scheme (Secure cookies) and client address (limits,
 * logs), which the forwarding process read under its TRUST_PROXY. Anyone else's headers change nothing.
 */
export function peerRequestHook(cluster: ClusterRole) {
  return async (request: FastifyRequest) => {
    if (!fromPeer(cluster, request)) return;
    const header = (name: string) => {
      const value = request.headers[name];
      return typeof value === 'string' && value !== '' ? value : undefined;
    };
    const host = header(ORIGINAL.host);
    if (host) request.raw.headers.host = host;
    const protocol = header(ORIGINAL.protocol);
    if (protocol === 'http' || protocol === 'https') Object.defineProperty(request, 'protocol', { value: protocol });
    const ip = header(ORIGINAL.ip);
    if (ip) Object.defineProperty(request, 'ip', { value: ip });
  };
}

/**
 * Answers `request` from the process holding `lease` when another one does: true once the answer is sent.
 * False when this process holds it (now, or by the time a holder was awaited): the caller serves it.
 */
export async function forwarded(cluster: ClusterRole, request: FastifyRequest, reply: FastifyReply, lease: string, waitMs = FORWARD_WAIT_MS): Promise<boolean> {
  if (cluster.holds(lease)) return false;
  if (fromPeer(cluster, request)) {
    // The sender thought this process held it: it asks the cluster again.
    reply.header(NOT_HELD_HEADER, '1');
    throw new DomainError('service_switching');
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    if (cluster.holds(lease)) return false;
    const peer = cluster.peerHolding(lease);
    if (peer) {
      const answer = await send(request, peer.address, peer.token);
      if (answer !== undefined && answer.headers[NOT_HELD_HEADER] === undefined) {
        reply.code(answer.status);
        // As the holder answered: its type, cache rules, cookies (an operator's session), request id.
        for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined && !NOT_RELAYED.has(name)) reply.header(name, value);
        await reply.send(answer.body);
        return true;
      }
    }
    if (Date.now() >= deadline) throw new DomainError('service_switching');
    await sleep(RETRY_MS);
    await cluster.refresh();
  }
}

/** Kept-alive connections to the peers: a forward costs no new connection (node:http: fetch cost far more CPU per request). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

type PeerAnswer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** The peer's answer, or undefined when it could not be reached (nothing was delivered). */
function send(request: FastifyRequest, address: string, token: string): Promise<PeerAnswer | undefined> {
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(request.headers)) if (value !== undefined && !DROPPED.has(name)) headers[name] = value;
  headers[PEER_TOKEN_HEADER] = token;
  headers[ORIGINAL.host] = request.host;
  headers[ORIGINAL.protocol] = request.protocol;
  headers[ORIGINAL.ip] = request.ip;
  const body = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD' ? JSON.stringify(request.body) : undefined;
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  const url = new URL(request.url, address);
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: request.method, headers, timeout: ANSWER_MS }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 502, headers: incoming.headers, body: Buffer.concat(chunks) }));
      incoming.on('error', () => reject(new DomainError('service_switching')));
    });
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in time')));
    // Refused before anything was sent: the peer is gone or going, ask the cluster again. Anything else
    // (reset, timeout) may have reached it: the client is told to check.
    outgoing.on('error', (error: NodeJS.ErrnoException) => (CONNECT_FAILURES.has(error.code ?? '') ? resolve(undefined) : reject(new DomainError('service_switching'))));
    outgoing.end(body);
  });
}

/** Connections that were never made (nothing was delivered), as opposed to one that broke mid-answer. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH']);
