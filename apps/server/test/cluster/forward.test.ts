/**
 * Forwarding (cluster/forward.ts) between two real HTTP servers: the answer of the process holding the
 * work comes back as it was given (status, body, cookies); a request carrying a wrong peer token is an
 * ordinary client's; a peer's forward to a process that does not hold the work is refused as not held,
 * and with no holder the client hears service_switching, never a stale or invented answer.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClusterRole } from '../../src/cluster/cluster.ts';
import { forwarded, NOT_HELD_HEADER, PEER_TOKEN_HEADER, peerRequestHook } from '../../src/cluster/forward.ts';
import { installEnvelope } from '../../src/http/envelope.ts';

const role = (token: string, holds: boolean, peer?: () => { address: string; token: string } | undefined): ClusterRole => ({
  memberId: 1,
  token,
  holds: () => holds,
  peerHolding: () => (peer?.() ? { id: 2, ...peer()! } : undefined),
  refresh: async () => {},
  view: () => ({ members: 2, held: [], holders: new Map() }),
});

async function server(cluster: ClusterRole, name: string): Promise<{ app: FastifyInstance; url: string }> {
  const app = Fastify();
  installEnvelope(app);
  app.addHook('onRequest', peerRequestHook(cluster));
  app.post('/api/work', async (request, reply) => {
    if (await forwarded(cluster, request, reply, 'spot:1', 300)) return reply;
    reply.header('set-cookie', [`served=${name}; Path=/`, 'second=1; Path=/']);
    return { served: name, body: request.body, token: request.headers.authorization, host: request.host, ip: request.ip };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}` };
}

describe('forwarding to the process holding the work', () => {
  let holder: { app: FastifyInstance; url: string };
  let front: { app: FastifyInstance; url: string };
  let orphan: { app: FastifyInstance; url: string };
  beforeAll(async () => {
    holder = await server(role('holder-token', true), 'holder');
    front = await server(role('front-token', false, () => ({ address: holder.url, token: 'holder-token' })), 'front');
    orphan = await server(role('orphan-token', false), 'orphan');
  });
  afterAll(async () => {
    await Promise.all([holder.app.close(), front.app.close(), orphan.app.close()]);
  });

  it("answers with the holder's answer: body, status and every cookie, the client's headers passed on", async () => {
    const answer = await front.app.inject({
      method: 'POST',
      url: '/api/work',
      remoteAddress: '203.0.113.9',
      headers: { host: 'exchange.example', authorization: 'user-token', 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: '1' }),
    });
    expect(answer.statusCode).toBe(200);
    // The holder judged it as the client's request where it arrived: its host (Origin checks) and address (limits).
    expect(answer.json()).toEqual({ served: 'holder', body: { amount: '1' }, token: 'user-token', host: 'exchange.example', ip: '203.0.113.9' });
    expect(answer.headers['set-cookie']).toEqual(['served=holder; Path=/', 'second=1; Path=/']);
  });

  it("treats a wrong peer token as an ordinary client's: forwarded once, its claimed host and address ignored", async () => {
    const answer = await fetch(`${front.url}/api/work`, { method: 'POST', headers: { [PEER_TOKEN_HEADER]: 'guessed', 'content-type': 'application/json' }, body: '{}' });
    expect(((await answer.json()) as { served: string }).served).toBe('holder');
    const direct = await fetch(`${holder.url}/api/work`, { method: 'POST', headers: { 'x-fairex-host': 'evil.example', 'x-fairex-ip': '6.6.6.6', 'content-type': 'application/json' }, body: '{}' });
    const seen = (await direct.json()) as { host: string; ip: string };
    expect(seen.host).toBe(new URL(holder.url).host);
    expect(seen.ip).toBe('127.0.0.1');
  });

  it('refuses a peer forward where the work is not held, and answers service_switching while no one holds it', async () => {
    const fromPeer = await fetch(`${orphan.url}/api/work`, { method: 'POST', headers: { [PEER_TOKEN_HEADER]: 'orphan-token', 'content-type': 'application/json' }, body: '{}' });
    expect(fromPeer.status).toBe(503);
    expect(fromPeer.headers.get(NOT_HELD_HEADER)).toBe('1');
    expect(((await fromPeer.json()) as { code: string }).code).toBe('service_switching');
    const client = await fetch(`${orphan.url}/api/work`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(client.status).toBe(503);
    expect(((await client.json()) as { code: string }).code).toBe('service_switching');
  });
});
