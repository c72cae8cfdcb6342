/**
 * Proof of liabilities and the public transparency page (issue 26): the answers' shapes, shared by the
 * server, the app and the back office.
 */
import { z } from 'zod';
import type { LiabilitiesProof } from '../liabilities-proof.ts';

/** A published snapshot: root and totals per coin (decimal amounts, in the coins' order). */
export type LiabilitiesSnapshotView = {
  id: number;
  day: string;
  taken_at: string;
  reason: 'daily' | 'operator' | 'start';
  coins: string[];
  root: string;
  totals: string[];
  leaf_count: number;
  demo: boolean;
};

/** GET /api/liabilities/proof[?snapshot_id=] (logged in): the latest (or that) snapshot and the user's own proof. */
export const liabilitiesProofInput = z.object({
  snapshot_id: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').positive('parameter_error').optional(),
});
export type LiabilitiesProofAnswer = {
  snapshot: LiabilitiesSnapshotView;
  /** Null when the user held nothing at the snapshot's moment (no leaf). */
  proof: LiabilitiesProof | null;
};

/** GET /api/transparency/liabilities?days= (public): the snapshots of the last days, newest first. */
export const transparencyDaysInput = z.object({
  days: z.coerce.number({ error: 'parameter_error' }).int('parameter_error').min(1, 'parameter_error').max(366, 'parameter_error').optional(),
});
export const TRANSPARENCY_DAYS_DEFAULT = 30;

/** POST /api/admin/liabilities/snapshot (admin): a snapshot now. */
export type LiabilitiesSnapshotTaken = { id: number };

/** The ledger audit's last run, each check by name (ledger_audit_runs). */
export type AuditRunView = {
  ran_at: string;
  ok: boolean;
  entries: number;
  postings: number;
  checks: { name: string; ok: boolean; offenders: number }[];
};

/** An operator-log daily head: the day's last chain entry. */
export type OperatorLogHeadView = { day: string; seq: number; hash: string };

/** GET /api/admin/operator-log/verify (admin): the whole chain checked, and the published heads against it. */
export type OperatorLogChainCheck = {
  ok: boolean;
  entries: number;
  /** The first entry whose hash or link does not recompute, or whose published head differs. */
  first_broken_seq: number | null;
  heads_checked: number;
  head: { seq: number; hash: string } | null;
};
