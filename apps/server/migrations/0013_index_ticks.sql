-- Recorded index ticks (issue 10): every index price the feed emits, with an id and its time (epoch
-- milliseconds), so a liquidation, a TP/SL trigger or an option settlement names the tick it used and a
-- user can check the result against it. Written in batches by markets/ticks.ts.
CREATE TABLE "index_ticks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	"price" numeric(36, 18) NOT NULL,
	"time" bigint NOT NULL,
	CONSTRAINT "index_ticks_price_check" CHECK ("price" > 0)
);
--> statement-breakpoint
CREATE INDEX "index_ticks_symbol_time_idx" ON "index_ticks" ("symbol_id", "time");
--> statement-breakpoint
-- The declared simulation's history (markets/history.ts): which symbols got simulated candles at first
-- start, from when to when, and from which seed; the back office labels them.
CREATE TABLE "market_history_backfills" (
	"symbol_id" integer PRIMARY KEY NOT NULL REFERENCES "market_symbols"("id"),
	"seed" bigint NOT NULL,
	"from_time" bigint NOT NULL,
	"to_time" bigint NOT NULL,
	"step_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
