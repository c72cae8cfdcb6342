/**
 * The back office's transparency calls (issue 26): the operator log's hash chain checked by the server
 * and its recorded daily heads; the proof-of-liabilities snapshots (the public list, outside /api/admin)
 * and an admin's "take one now".
 */
import type { LiabilitiesSnapshotTaken, LiabilitiesSnapshotView, OperatorLogChainCheck, OperatorLogHeadView } from '@fairex/contract';
import { request } from './api.ts';

export type { LiabilitiesSnapshotView, OperatorLogChainCheck, OperatorLogHeadView };

/** Daily heads shown under the chain's state. */
export const HEADS_SHOWN = 14;
/** Snapshot days listed on the proof-of-liabilities page. */
export const SNAPSHOT_DAYS_SHOWN = 60;

export const transparencyApi = {
  verifyOperatorLog: () => request<OperatorLogChainCheck>('GET', '/operator-log/verify'),
  operatorLogHeads: (days = HEADS_SHOWN) => request<OperatorLogHeadView[]>('GET', `/operator-log/heads?days=${days}`),
  /** Public (outside /api/admin): newest first. */
  liabilitiesSnapshots: (days = SNAPSHOT_DAYS_SHOWN) => request<LiabilitiesSnapshotView[]>('GET', `/transparency/liabilities?days=${days}`, undefined, '/api'),
  takeLiabilitiesSnapshot: () => request<LiabilitiesSnapshotTaken>('POST', '/liabilities/snapshot', {}),
};
