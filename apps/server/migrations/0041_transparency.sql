-- Proof of liabilities (liabilities/): one row per snapshot with its published root and totals per coin
-- (base units of 10^-18, aligned with `coins`), and the ledger's user-account totals read in the same
-- transaction (the audit compares them). A daily snapshot is taken once per UTC day.
CREATE TABLE "pol_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"day" text NOT NULL,
	"reason" text NOT NULL,
	"operator_id" integer,
	"coins" jsonb NOT NULL,
	"root_hash" text NOT NULL,
	"totals" jsonb NOT NULL,
	"ledger_totals" jsonb NOT NULL,
	"leaf_count" integer NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "pol_snapshots_reason_check" CHECK ("reason" in ('daily', 'operator', 'start'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pol_snapshots_daily_key" ON "pol_snapshots" USING btree ("day") WHERE "reason" = 'daily';
--> statement-breakpoint
-- One leaf per user: the salt that hides who it is, the sums per coin (comma-joined base units) and the
-- committed detail lines (liabilities-proof.ts in @fairex/contract says how its hash is taken).
CREATE TABLE "pol_leaves" (
	"snapshot_id" integer NOT NULL REFERENCES "pol_snapshots"("id"),
	"position" integer NOT NULL,
	"user_id" integer NOT NULL,
	"salt" text NOT NULL,
	"sums" text NOT NULL,
	"detail" jsonb NOT NULL,
	CONSTRAINT "pol_leaves_pkey" PRIMARY KEY ("snapshot_id", "position")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "pol_leaves_user_key" ON "pol_leaves" USING btree ("snapshot_id", "user_id");
--> statement-breakpoint
-- The tree's inner nodes (level 1 up to the root), so a proof is a few indexed reads.
CREATE TABLE "pol_nodes" (
	"snapshot_id" integer NOT NULL REFERENCES "pol_snapshots"("id"),
	"level" smallint NOT NULL,
	"position" integer NOT NULL,
	"hash" text NOT NULL,
	"sums" text NOT NULL,
	CONSTRAINT "pol_nodes_pkey" PRIMARY KEY ("snapshot_id", "level", "position")
);
--> statement-breakpoint
-- The operator log as a hash chain (admin/operator-log-chain.ts): seq orders it, prev_hash links each entry
-- to the one before, hash is taken over the entry's fields and prev_hash. Rows written before this
-- migration are chained at the next start.
ALTER TABLE "operator_audit_log" ADD COLUMN "seq" bigint;
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD COLUMN "hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "operator_audit_log_seq_key" ON "operator_audit_log" USING btree ("seq");
--> statement-breakpoint
-- Each UTC day's last chain entry, published on the transparency page.
CREATE TABLE "operator_log_heads" (
	"day" text PRIMARY KEY NOT NULL,
	"seq" bigint NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The ledger audit's runs (ledger/audit-job.ts), each check by name with its offender count, for the
-- public transparency page.
CREATE TABLE "ledger_audit_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"entries" bigint NOT NULL,
	"postings" bigint NOT NULL,
	"checks" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_audit_runs_ran_at_idx" ON "ledger_audit_runs" USING btree ("ran_at");
