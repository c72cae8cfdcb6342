-- Ledger trust (issue 9): a business reference is posted at most once per kind, and idempotency keys
-- for the money calls a client may retry.
-- Seeds used to post one entry per coin under the same reference (the user's id); each now names its
-- coin, as the code posts them from now on.
UPDATE ledger_entries e SET ref_id = e.ref_id || ':' || p.currency_id
FROM (SELECT DISTINCT ON (entry_id) entry_id, currency_id FROM ledger_postings ORDER BY entry_id, id) p
WHERE p.entry_id = e.id AND e.ref_type IN ('market_maker_seed', 'demo_seed') AND position(':' in e.ref_id) = 0;
--> statement-breakpoint
-- Spot batches used to be referenced by their symbol and first order, which later batches could repeat;
-- such a repeat gets its entry id appended (batches are referenced by their own id from now on).
UPDATE ledger_entries e SET ref_id = e.ref_id || '#' || e.id
WHERE e.kind = 'spot_trade' AND EXISTS (
  SELECT 1 FROM ledger_entries f
  WHERE f.kind = e.kind AND f.ref_type = e.ref_type AND f.ref_id = e.ref_id AND f.id < e.id);
--> statement-breakpoint
-- Any other repeat is a real double posting: creating the key then fails and names it.
CREATE UNIQUE INDEX "ledger_entries_kind_ref_key" ON "ledger_entries" USING btree ("kind", "ref_type", "ref_id");
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"user_id" integer NOT NULL,
	"call" text NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"answer" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("user_id", "call", "key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");
