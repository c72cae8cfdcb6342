-- Wealth products (issue 11): lock-up mining, IEO subscriptions and dual investment. Every figure a
-- user sees is one of these rows; every balance change is a ledger entry naming one of them. Times are
-- epoch milliseconds from the server's clock (tests move it); days are calendar days in the operator's
-- time zone (the `wealth_time_zone` setting), fixed on each row when it is created.
CREATE TABLE "mining_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" text DEFAULT 'lock' NOT NULL,
	"name" jsonb NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"term_days" integer NOT NULL,
	"daily_yield_min" numeric(36, 18) NOT NULL,
	"daily_yield_max" numeric(36, 18) NOT NULL,
	"amount_min" numeric(36, 18) NOT NULL,
	"amount_max" numeric(36, 18),
	"penalty_ratio" numeric(36, 18) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mining_products_category_check" CHECK ("category" IN ('lock', 'defi', 'cloud')),
	CONSTRAINT "mining_products_figures_check" CHECK ("term_days" > 0 AND "daily_yield_min" >= 0 AND "daily_yield_max" >= "daily_yield_min"
		AND "amount_min" > 0 AND ("amount_max" IS NULL OR "amount_max" >= "amount_min") AND "penalty_ratio" >= 0)
);
--> statement-breakpoint
-- One rate per product and day, published before the day starts (by an operator, or the range's low end
-- fixed when the day begins); every holder is paid that day at this rate.
CREATE TABLE "mining_rates" (
	"product_id" integer NOT NULL REFERENCES "mining_products"("id"),
	"day" date NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"source" text NOT NULL,
	"published_at" bigint NOT NULL,
	CONSTRAINT "mining_rates_pkey" PRIMARY KEY ("product_id", "day"),
	CONSTRAINT "mining_rates_source_check" CHECK ("source" IN ('operator', 'range_low')),
	CONSTRAINT "mining_rates_rate_check" CHECK ("rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mining_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"product_id" integer NOT NULL REFERENCES "mining_products"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"amount" numeric(36, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"penalty_ratio" numeric(36, 18) NOT NULL,
	"start_day" date NOT NULL,
	"time_zone" text NOT NULL,
	"locked_at" bigint NOT NULL,
	"unlock_at" bigint NOT NULL,
	"days_paid" integer DEFAULT 0 NOT NULL,
	"next_payout_at" bigint,
	"interest_paid" numeric(36, 18) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"penalty" numeric(36, 18),
	"returned" numeric(36, 18),
	"ended_at" bigint,
	CONSTRAINT "mining_orders_status_check" CHECK ("status" IN ('active', 'redeemed', 'expired')),
	CONSTRAINT "mining_orders_figures_check" CHECK ("amount" > 0 AND "term_days" > 0 AND "days_paid" >= 0 AND "days_paid" <= "term_days"
		AND "interest_paid" >= 0 AND "unlock_at" > "locked_at"),
	CONSTRAINT "mining_orders_ended_check" CHECK (("status" = 'active') = ("ended_at" IS NULL AND "returned" IS NULL AND "penalty" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "mining_orders_user_idx" ON "mining_orders" ("user_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "mining_orders_due_idx" ON "mining_orders" ("next_payout_at") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "mining_orders_unlock_idx" ON "mining_orders" ("unlock_at") WHERE "status" = 'active';
--> statement-breakpoint
-- One payout per order and day (the primary key is what makes a day paid once).
CREATE TABLE "mining_payouts" (
	"order_id" bigint NOT NULL REFERENCES "mining_orders"("id"),
	"day" date NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"paid_at" bigint NOT NULL,
	"run_id" bigint,
	CONSTRAINT "mining_payouts_pkey" PRIMARY KEY ("order_id", "day"),
	CONSTRAINT "mining_payouts_amount_check" CHECK ("amount" >= 0 AND "rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ieo_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"pay_currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"price" numeric(36, 18) NOT NULL,
	"total_issuance" numeric(36, 18) NOT NULL,
	"amount_min" numeric(36, 18) NOT NULL,
	"amount_max_per_user" numeric(36, 18),
	"white_paper" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"lock_days" integer DEFAULT 0 NOT NULL,
	"start_at" bigint NOT NULL,
	"end_at" bigint NOT NULL,
	"listing_at" bigint,
	"enabled" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"applied" numeric(36, 18) DEFAULT '0' NOT NULL,
	"passed" numeric(36, 18) DEFAULT '0' NOT NULL,
	"allocated_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ieo_projects_figures_check" CHECK ("price" > 0 AND "total_issuance" > 0 AND "amount_min" > 0
		AND ("amount_max_per_user" IS NULL OR "amount_max_per_user" >= "amount_min") AND "lock_days" >= 0 AND "end_at" > "start_at"
		AND "applied" >= 0 AND "passed" >= 0 AND "passed" <= "total_issuance" AND "currency_id" <> "pay_currency_id")
);
--> statement-breakpoint
CREATE TABLE "ieo_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"project_id" integer NOT NULL REFERENCES "ieo_projects"("id"),
	"amount" numeric(36, 18) NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"paid" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"allocated" numeric(36, 18),
	"charged" numeric(36, 18),
	"refunded" numeric(36, 18),
	"unlock_at" bigint,
	"created_at" bigint NOT NULL,
	"allocated_at" bigint,
	"released_at" bigint,
	CONSTRAINT "ieo_orders_status_check" CHECK ("status" IN ('pending', 'allocated', 'released')),
	CONSTRAINT "ieo_orders_figures_check" CHECK ("amount" > 0 AND "price" > 0 AND "paid" > 0),
	CONSTRAINT "ieo_orders_allocated_check" CHECK (("status" = 'pending') = ("allocated" IS NULL AND "charged" IS NULL AND "refunded" IS NULL AND "allocated_at" IS NULL)
		AND ("allocated" IS NULL OR ("allocated" >= 0 AND "allocated" <= "amount" AND "charged" >= 0 AND "refunded" >= 0 AND "charged" + "refunded" = "paid")))
);
--> statement-breakpoint
CREATE INDEX "ieo_orders_user_idx" ON "ieo_orders" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "ieo_orders_project_idx" ON "ieo_orders" ("project_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "ieo_orders_unlock_idx" ON "ieo_orders" ("unlock_at") WHERE "status" = 'allocated';
--> statement-breakpoint
CREATE TABLE "dual_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	"base_currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"quote_currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"linked_price" numeric(36, 18) NOT NULL,
	"apr" numeric(36, 18) NOT NULL,
	"per_price" numeric(36, 18) NOT NULL,
	"total_shares" integer NOT NULL,
	"sold_shares" integer DEFAULT 0 NOT NULL,
	"maturity_date" date NOT NULL,
	"settle_at" bigint NOT NULL,
	"sale_end_at" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"settle_tick_id" bigint REFERENCES "index_ticks"("id"),
	"settle_price" numeric(36, 18),
	"settled_at" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dual_products_type_check" CHECK ("type" IN ('call', 'put')),
	CONSTRAINT "dual_products_status_check" CHECK ("status" IN ('open', 'settled', 'cancelled')),
	CONSTRAINT "dual_products_figures_check" CHECK ("linked_price" > 0 AND "apr" > 0 AND "per_price" > 0 AND "total_shares" > 0
		AND "sold_shares" >= 0 AND "sold_shares" <= "total_shares" AND "sale_end_at" <= "settle_at"),
	CONSTRAINT "dual_products_settled_check" CHECK (("status" = 'settled') = ("settle_tick_id" IS NOT NULL AND "settle_price" IS NOT NULL AND "settled_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "dual_products_due_idx" ON "dual_products" ("settle_at") WHERE "status" = 'open';
--> statement-breakpoint
CREATE TABLE "dual_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"product_id" integer NOT NULL REFERENCES "dual_products"("id"),
	"num" integer NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"invest_currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"holding_days" integer NOT NULL,
	"purchased_at" bigint NOT NULL,
	"status" text DEFAULT 'purchased' NOT NULL,
	"payout_currency_id" integer REFERENCES "currencies"("id"),
	"payout" numeric(36, 18),
	"settled_at" bigint,
	CONSTRAINT "dual_orders_status_check" CHECK ("status" IN ('purchased', 'success', 'fail')),
	CONSTRAINT "dual_orders_figures_check" CHECK ("num" > 0 AND "amount" > 0 AND "holding_days" >= 0),
	CONSTRAINT "dual_orders_settled_check" CHECK (("status" = 'purchased') = ("payout" IS NULL AND "payout_currency_id" IS NULL AND "settled_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "dual_orders_user_idx" ON "dual_orders" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "dual_orders_product_idx" ON "dual_orders" ("product_id", "status");
--> statement-breakpoint
-- Each run of a wealth job that moved money: what it did, when, and the totals it paid per coin.
CREATE TABLE "wealth_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"job" text NOT NULL,
	"ran_at" bigint NOT NULL,
	"items" integer NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "wealth_runs_job_idx" ON "wealth_runs" ("job", "id");
