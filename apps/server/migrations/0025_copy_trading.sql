-- Copy trading (issue 15): traders (applications an operator decides), follows, the copies on followers'
-- contract positions, copies skipped with their reason, the trader positions whose copies must still open
-- or close (an outbox written in the trader's own transaction), the hourly statistics and the settings.
CREATE TABLE "copy_traders" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"status" text NOT NULL,
	"agreement" text NOT NULL,
	"reason" text,
	"demo" boolean DEFAULT false NOT NULL,
	"applied_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "copy_traders_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected', 'revoked')),
	CONSTRAINT "copy_traders_agreement_check" CHECK ("agreement" IN ('zh', 'en'))
);
--> statement-breakpoint
CREATE TABLE "copy_follows" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follower_id" integer NOT NULL REFERENCES "users"("id"),
	"trader_id" integer NOT NULL REFERENCES "users"("id"),
	"type" text NOT NULL,
	"number" numeric(36, 18) NOT NULL,
	"status" text NOT NULL,
	-- The profit share agreed when following (a later change of the setting does not touch it).
	"profit_share_rate" numeric(36, 18) NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "copy_follows_type_check" CHECK ("type" IN ('multiple', 'lots')),
	CONSTRAINT "copy_follows_status_check" CHECK ("status" IN ('following', 'cancelled')),
	CONSTRAINT "copy_follows_figures_check" CHECK ("number" > 0 AND "profit_share_rate" >= 0 AND "profit_share_rate" < 1),
	CONSTRAINT "copy_follows_self_check" CHECK ("follower_id" <> "trader_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "copy_follows_active_idx" ON "copy_follows" USING btree ("follower_id", "trader_id") WHERE "status" = 'following';
--> statement-breakpoint
CREATE INDEX "copy_follows_trader_idx" ON "copy_follows" USING btree ("trader_id", "status");
--> statement-breakpoint
-- A follower's copy: the trader's position it copies, the trader, the follow it came from and its agreed
-- share; taken over by the follower (self-hold) it no longer closes with the trader.
ALTER TABLE "contract_positions" ADD COLUMN "copy_of" bigint;
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "copy_trader_id" integer;
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "copy_follow_id" bigint;
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "copy_share_rate" numeric(36, 18);
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "copy_share" numeric(36, 18);
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD COLUMN "self_held_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contract_positions" ADD CONSTRAINT "contract_positions_copy_check" CHECK (("copy_of" IS NULL) = ("copy_trader_id" IS NULL) AND ("copy_of" IS NULL) = ("copy_follow_id" IS NULL) AND ("copy_of" IS NULL) = ("copy_share_rate" IS NULL) AND ("copy_of" IS NOT NULL OR "self_held_at" IS NULL));
--> statement-breakpoint
-- One copy per trader position and follow, however often the mirroring runs.
CREATE UNIQUE INDEX "contract_positions_copy_idx" ON "contract_positions" USING btree ("copy_of", "copy_follow_id") WHERE "copy_of" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "contract_positions_copier_idx" ON "contract_positions" USING btree ("user_id", "copy_trader_id") WHERE "copy_trader_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "copy_skips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"follow_id" bigint NOT NULL REFERENCES "copy_follows"("id"),
	"follower_id" integer NOT NULL REFERENCES "users"("id"),
	"trader_id" integer NOT NULL REFERENCES "users"("id"),
	"trader_position_id" bigint NOT NULL REFERENCES "contract_positions"("id"),
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "copy_skips_reason_check" CHECK ("reason" IN ('insufficient_balance', 'lots_below_minimum', 'trader_closed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "copy_skips_once_idx" ON "copy_skips" USING btree ("trader_position_id", "follow_id");
--> statement-breakpoint
CREATE INDEX "copy_skips_follower_idx" ON "copy_skips" USING btree ("follower_id", "id");
--> statement-breakpoint
-- A trader's position opened or closed: its copies open or close from this row, once (done_at), in id order.
CREATE TABLE "copy_mirrors" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"trader_position_id" bigint NOT NULL REFERENCES "contract_positions"("id"),
	"action" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"done_at" timestamp with time zone,
	"copies" integer,
	"skipped" integer,
	-- A mirror that failed waits until retry_at (backoff) while later ones go on; the last error is kept.
	"attempts" integer DEFAULT 0 NOT NULL,
	"retry_at" timestamp with time zone,
	"error" text,
	CONSTRAINT "copy_mirrors_action_check" CHECK ("action" IN ('open', 'close'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "copy_mirrors_once_idx" ON "copy_mirrors" USING btree ("trader_position_id", "action");
--> statement-breakpoint
CREATE INDEX "copy_mirrors_due_idx" ON "copy_mirrors" USING btree ("id") WHERE "done_at" IS NULL;
--> statement-breakpoint
-- The hourly statistics of each trader (copy-rules.ts traderFigures), from their own closed positions.
CREATE TABLE "copy_trader_stats" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id"),
	"figures" jsonb NOT NULL,
	"first_trade_at" timestamp with time zone,
	"computed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "copy_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"traders_per_follower_max" integer NOT NULL,
	"ratio_max" numeric(36, 18) NOT NULL,
	"lots_max" integer NOT NULL,
	"profit_share_rate" numeric(36, 18) NOT NULL,
	"demo_trading" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "copy_settings_one_check" CHECK ("id" = 1),
	CONSTRAINT "copy_settings_figures_check" CHECK ("traders_per_follower_max" >= 1 AND "ratio_max" > 0 AND "lots_max" >= 1 AND "profit_share_rate" >= 0 AND "profit_share_rate" <= 0.5)
);
--> statement-breakpoint
INSERT INTO "copy_settings" ("id", "traders_per_follower_max", "ratio_max", "lots_max", "profit_share_rate", "demo_trading") VALUES (1, 5, '10', 100, '0', true);
