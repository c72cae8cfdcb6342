-- Seconds options (issue 10). Durations an operator configures (payout ratio, stake range, fee rate);
-- the open stake per symbol and direction with its limit (checked and moved in one statement); and the
-- orders with the recorded index ticks they opened and closed at. Nothing here can decide an outcome:
-- it follows the two ticks (apps/server/src/options/settle.ts).
CREATE TABLE "option_durations" (
	"seconds" integer PRIMARY KEY NOT NULL,
	"payout_ratio" numeric(36, 18) NOT NULL,
	"stake_min" numeric(36, 18) NOT NULL,
	"stake_max" numeric(36, 18) NOT NULL,
	"fee_rate" numeric(36, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	CONSTRAINT "option_durations_seconds_check" CHECK ("seconds" > 0),
	CONSTRAINT "option_durations_figures_check" CHECK ("payout_ratio" > 0 AND "stake_min" > 0 AND "stake_max" >= "stake_min" AND "fee_rate" >= 0 AND "fee_rate" < 1)
);
--> statement-breakpoint
INSERT INTO "option_durations" ("seconds", "payout_ratio", "stake_min", "stake_max", "fee_rate") VALUES
	(30, '0.8', '10', '10000', '0.001'),
	(60, '0.82', '10', '20000', '0.001'),
	(120, '0.85', '10', '50000', '0.001'),
	(300, '0.88', '10', '100000', '0.001');
--> statement-breakpoint
CREATE TABLE "option_exposure" (
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	"direction" text NOT NULL,
	"stake_max" numeric(36, 18) NOT NULL,
	"open_stake" numeric(36, 18) DEFAULT '0' NOT NULL,
	CONSTRAINT "option_exposure_pkey" PRIMARY KEY ("symbol_id", "direction"),
	CONSTRAINT "option_exposure_direction_check" CHECK ("direction" IN ('up', 'down')),
	CONSTRAINT "option_exposure_figures_check" CHECK ("stake_max" >= 0 AND "open_stake" >= 0)
);
--> statement-breakpoint
CREATE TABLE "option_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"direction" text NOT NULL,
	"seconds" integer NOT NULL,
	"stake" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"payout_ratio" numeric(36, 18) NOT NULL,
	"open_tick_id" bigint NOT NULL REFERENCES "index_ticks"("id"),
	"open_price" numeric(36, 18) NOT NULL,
	"open_time" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"payout" numeric(36, 18),
	"close_tick_id" bigint REFERENCES "index_ticks"("id"),
	"close_price" numeric(36, 18),
	"close_time" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "option_orders_direction_check" CHECK ("direction" IN ('up', 'down')),
	CONSTRAINT "option_orders_status_check" CHECK ("status" IN ('open', 'settled')),
	CONSTRAINT "option_orders_outcome_check" CHECK ("outcome" IS NULL OR "outcome" IN ('win', 'lose', 'draw')),
	CONSTRAINT "option_orders_figures_check" CHECK ("stake" > 0 AND "fee" >= 0 AND "payout_ratio" > 0 AND "seconds" > 0 AND "expires_at" > "open_time"),
	CONSTRAINT "option_orders_settled_check" CHECK (("status" = 'open') = ("outcome" IS NULL AND "payout" IS NULL AND "close_tick_id" IS NULL AND "close_price" IS NULL AND "close_time" IS NULL AND "settled_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "option_orders_user_idx" ON "option_orders" ("user_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "option_orders_open_idx" ON "option_orders" ("currency_id", "expires_at") WHERE "status" = 'open';
