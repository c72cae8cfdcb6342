-- Issue 22, fresh and verifiable ticks (markets/ticks.ts, options/service.ts).
-- Each index tick carries the hash chaining it to the previous tick of its symbol (null on ticks
-- recorded before this migration: the chain of a symbol starts at its first hashed tick, from genesis).
ALTER TABLE "index_ticks" ADD COLUMN "prev_hash" text;
--> statement-breakpoint
ALTER TABLE "index_ticks" ADD COLUMN "hash" text;
--> statement-breakpoint
ALTER TABLE "index_ticks" ADD CONSTRAINT "index_ticks_hash_check" CHECK (("hash" IS NULL) = ("prev_hash" IS NULL));
--> statement-breakpoint
-- An option is accepted with no open tick ("opening"); the first tick recorded after accepted_at opens
-- it. One that cannot open or settle on a fresh tick is void (refunded in full).
ALTER TABLE "option_orders" ALTER COLUMN "open_tick_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "option_orders" ALTER COLUMN "open_price" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "option_orders" ALTER COLUMN "open_time" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "accepted_at" bigint;
--> statement-breakpoint
UPDATE "option_orders" SET "accepted_at" = "expires_at" - "seconds"::bigint * 1000;
--> statement-breakpoint
ALTER TABLE "option_orders" ALTER COLUMN "accepted_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "option_orders" ADD COLUMN "void_reason" text;
--> statement-breakpoint
ALTER TABLE "option_orders" DROP CONSTRAINT "option_orders_status_check";
--> statement-breakpoint
ALTER TABLE "option_orders" DROP CONSTRAINT "option_orders_settled_check";
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_status_check" CHECK ("status" IN ('opening', 'open', 'settled', 'void'));
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_void_reason_check" CHECK (("status" = 'void') = ("void_reason" IS NOT NULL) AND ("void_reason" IS NULL OR "void_reason" IN ('no_opening_tick', 'stale_close')));
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_open_tick_check" CHECK (
	("open_tick_id" IS NULL) = ("open_price" IS NULL) AND ("open_tick_id" IS NULL) = ("open_time" IS NULL)
	AND ("status" <> 'opening' OR "open_tick_id" IS NULL)
	AND ("status" NOT IN ('open', 'settled') OR "open_tick_id" IS NOT NULL));
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_settled_check" CHECK (
	("status" = 'settled') = ("outcome" IS NOT NULL AND "close_tick_id" IS NOT NULL AND "close_price" IS NOT NULL AND "close_time" IS NOT NULL)
	AND ("status" IN ('settled', 'void')) = ("payout" IS NOT NULL AND "settled_at" IS NOT NULL)
	AND ("status" = 'settled' OR ("outcome" IS NULL AND "close_tick_id" IS NULL AND "close_price" IS NULL AND "close_time" IS NULL)));
--> statement-breakpoint
DROP INDEX "option_orders_open_idx";
--> statement-breakpoint
CREATE INDEX "option_orders_open_idx" ON "option_orders" ("currency_id", "expires_at") WHERE "status" IN ('opening', 'open');
--> statement-breakpoint
CREATE INDEX "option_orders_opening_idx" ON "option_orders" ("symbol_id", "accepted_at") WHERE "status" = 'opening';
