import type { LiabilitiesProofAnswer, LiabilitiesSnapshotView } from '@fairex/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, get } from './client.ts';

/** The user's own proof of liabilities (GET /api/liabilities/proof, logged in): the latest snapshot, or the one asked for. */
export const liabilitiesKeys = {
  all: ['liabilities'] as const,
  proof: (snapshotId?: number) => ['liabilities', 'proof', snapshotId ?? 'latest'] as const,
};

/**
 * The snapshot and the user's leaf; null when no snapshot has been taken yet (the server's 'not_found',
 * an expected state the page shows, not a failure to toast). Other failures reject quietly: the page
 * shows them with a retry.
 */
export function fetchLiabilitiesProof(snapshotId?: number): Promise<LiabilitiesProofAnswer | null> {
  return get<LiabilitiesProofAnswer>('/liabilities/proof', { snapshot_id: snapshotId }, true).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === 'not_found') return null;
    throw error;
  });
}

export const useLiabilitiesProof = (snapshotId?: number) => useQuery({ queryKey: liabilitiesKeys.proof(snapshotId), queryFn: () => fetchLiabilitiesProof(snapshotId) });

/**
 * GET /api/transparency/liabilities (public, no session): the snapshots published for everyone, newest
 * first, to hold the user's proof against (matchesPublished). Read when the check runs; quiet, as the
 * page says so itself when it cannot read them.
 */
export const fetchPublishedSnapshots = () => get<LiabilitiesSnapshotView[]>('/transparency/liabilities', undefined, true);
