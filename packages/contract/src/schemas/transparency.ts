/**
 * Proof of liabilities and the public transparency page (issue 26): the answers' shapes, shared by the
 * server, the app and the back office.
 */
import { z } from 'zod';
import { zPositiveInt } from '../validators.ts';
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
  snapshot_id: zPositiveInt.optional(),
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

/** One index source of a symbol: its name and whether its last quote is live and used now. */
export type TransparencyFeedSource = { name: string; live: boolean };

/** A symbol's index feed: its sources, and its last recorded tick against the freshness limit. */
export type TransparencyFeedSymbol = {
  symbol: string;
  kind: string;
  available: boolean;
  sources: TransparencyFeedSource[];
  /** The fewest live sources the index needs. */
  sources_required: number;
  last_tick_at: string | null;
  /** now - the last tick's time; null before the first tick. */
  age_ms: number | null;
  fresh: boolean;
};

/** Each symbol's tick-chain head of one UTC day (the last tick recorded that day). */
export type TransparencyTickHeads = { day: string; heads: { symbol: string; tick_id: string; time: number; hash: string | null }[] };

/** The insurance fund's closing balance per UTC day for one coin, oldest day first. */
export type InsuranceFundSeries = { coin: string; days: { day: string; balance: string }[] };

/** The market-maker account: what it holds, its open orders, and the money moved into it from system accounts. */
export type MarketMakerView = {
  account: string;
  holdings: { coin: string; available: string; frozen: string }[];
  open_orders: { symbol: string; count: number }[];
  /** Per coin and entry kind: the sum the market maker received from system accounts, and in how many entries. */
  funding: { coin: string; kind: string; amount: string; entries: number }[];
};

/** GET /api/transparency (public): the page's figures, each computed from stored rows. */
export type TransparencyAnswer = {
  generated_at: string;
  audit: AuditRunView | null;
  liabilities: LiabilitiesSnapshotView[];
  feed: { kind: 'simulation' | 'public'; fresh_ms: number; symbols: TransparencyFeedSymbol[] };
  /** The last TRANSPARENCY_TICK_DAYS UTC days, newest first. */
  tick_heads: TransparencyTickHeads[];
  insurance_fund: InsuranceFundSeries[];
  /** Null when no market-maker account exists. */
  market_maker: MarketMakerView | null;
  /** The last TRANSPARENCY_LOG_HEADS_MAX daily heads, newest first. */
  operator_log: OperatorLogHeadView[];
};
export const TRANSPARENCY_TICK_DAYS = 7;
export const TRANSPARENCY_INSURANCE_DAYS = 30;
export const TRANSPARENCY_LOG_HEADS_MAX = 30;
