/**
 * What peers ask each other directly (outside /api): a spot book's snapshot for a client joining its
 * room on a process that does not hold the book. Only a request carrying this member's token is
 * answered; anything else gets the same 404 as an unknown path.
 */
import type { FastifyInstance } from 'fastify';
import { sendError } from '../http/envelope.ts';
import type { SpotService } from '../spot/service.ts';
import type { ClusterRole } from './cluster.ts';
import { fromPeer, PEER_TOKEN_HEADER } from './forward.ts';

export type BookSnapshot = { depth: NonNullable<ReturnType<SpotService['depth']>>; trades: ReturnType<SpotService['latestTrades']> };

export function clusterRoutes(app: FastifyInstance, cluster: ClusterRole, spot: SpotService) {
  app.get<{ Params: { symbolId: string } }>('/cluster/book/:symbolId', async (request, reply) => {
    const symbolId = Number(request.params.symbolId);
    const depth = fromPeer(cluster, request) && Number.isInteger(symbolId) ? spot.depth(symbolId) : undefined;
    if (!depth) return sendError(request, reply, 'not_found');
    return { depth, trades: spot.latestTrades(symbolId) } satisfies BookSnapshot;
  });
}

/** A book's snapshot from the process holding it (undefined: no one reachable holds it now). */
export async function peerBook(cluster: ClusterRole, lease: string, symbolId: number): Promise<BookSnapshot | undefined> {
  const peer = cluster.peerHolding(lease);
  if (!peer) return undefined;
  try {
    const answer = await fetch(new URL(`/cluster/book/${symbolId}`, peer.address), { headers: { [PEER_TOKEN_HEADER]: peer.token }, signal: AbortSignal.timeout(5_000) });
    return answer.ok ? ((await answer.json()) as BookSnapshot) : undefined;
  } catch {
    return undefined;
  }
}
