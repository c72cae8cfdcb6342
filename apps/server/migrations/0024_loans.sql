-- Crypto-backed loans (issue 14): products the operator configures, users' loans with their collateral
-- locked in the spot account, one interest charge per loan and day, every step of a loan, liquidations at
-- a recorded index tick, and operators' funding of the lending pool. Times are epoch milliseconds from the
-- server's clock; LTVs and rates are fractions.
CREATE TABLE "loan_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"initial_ltv" numeric(36, 18) NOT NULL,
	"margin_call_ltv" numeric(36, 18) NOT NULL,
	"liquidation_ltv" numeric(36, 18) NOT NULL,
	"daily_rate" numeric(36, 18) NOT NULL,
	"terms" integer[] NOT NULL,
	"amount_min" numeric(36, 18) NOT NULL,
	"amount_max" numeric(36, 18),
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	-- LTV levels rise from the initial one to the margin call to the liquidation, all below 1.
	CONSTRAINT "loan_products_ltv_check" CHECK ("initial_ltv" > 0 AND "initial_ltv" < "margin_call_ltv" AND "margin_call_ltv" < "liquidation_ltv" AND "liquidation_ltv" < 1),
	CONSTRAINT "loan_products_figures_check" CHECK ("daily_rate" >= 0 AND "amount_min" > 0 AND ("amount_max" IS NULL OR "amount_max" >= "amount_min")
		AND cardinality("terms") > 0)
);
--> statement-breakpoint
CREATE TABLE "loan_product_collaterals" (
	"product_id" integer NOT NULL REFERENCES "loan_products"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	-- A coin no longer taken stays, not accepted: loans against it may be open, and the watch job reads the indexes to follow here.
	"accepted" boolean DEFAULT true NOT NULL,
	CONSTRAINT "loan_product_collaterals_pkey" PRIMARY KEY ("product_id", "currency_id")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"product_id" integer NOT NULL REFERENCES "loan_products"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"collateral_currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	"borrowed" numeric(36, 18) NOT NULL,
	"principal" numeric(36, 18) NOT NULL,
	"interest_outstanding" numeric(36, 18) NOT NULL,
	"interest_charged" numeric(36, 18) NOT NULL,
	"interest_paid" numeric(36, 18) DEFAULT '0' NOT NULL,
	"collateral" numeric(36, 18) NOT NULL,
	"daily_rate" numeric(36, 18) NOT NULL,
	"initial_ltv" numeric(36, 18) NOT NULL,
	"margin_call_ltv" numeric(36, 18) NOT NULL,
	"liquidation_ltv" numeric(36, 18) NOT NULL,
	"term_days" integer NOT NULL,
	"borrowed_at" bigint NOT NULL,
	"borrow_price" numeric(36, 18) NOT NULL,
	"days_charged" integer NOT NULL,
	"next_charge_at" bigint,
	"overdue_liquidation_at" bigint,
	"margin_call_price" numeric(36, 18),
	"liquidation_price" numeric(36, 18),
	"margin_called_at" bigint,
	"status" text DEFAULT 'open' NOT NULL,
	"ended_at" bigint,
	CONSTRAINT "loans_status_check" CHECK ("status" IN ('open', 'repaid', 'liquidated')),
	CONSTRAINT "loans_figures_check" CHECK ("borrowed" > 0 AND "principal" >= 0 AND "principal" <= "borrowed" AND "interest_outstanding" >= 0
		AND "interest_charged" >= 0 AND "interest_paid" >= 0 AND "collateral" > 0 AND "term_days" >= 0 AND "days_charged" >= 0),
	-- An open loan owes something; an ended one owes nothing and has an end time.
	CONSTRAINT "loans_ended_check" CHECK (("status" = 'open') = ("ended_at" IS NULL)
		AND ("status" = 'open' OR ("principal" = 0 AND "interest_outstanding" = 0 AND "next_charge_at" IS NULL)))
);
--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" ("user_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "loans_charge_idx" ON "loans" ("next_charge_at") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "loans_liquidation_idx" ON "loans" ("symbol_id", "liquidation_price") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "loans_margin_call_idx" ON "loans" ("symbol_id", "margin_call_price") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "loans_overdue_idx" ON "loans" ("overdue_liquidation_at") WHERE "status" = 'open';
--> statement-breakpoint
-- One interest charge per loan and day (the primary key is what makes a day charged once).
CREATE TABLE "loan_interest" (
	"loan_id" bigint NOT NULL REFERENCES "loans"("id"),
	"day" integer NOT NULL,
	"principal" numeric(36, 18) NOT NULL,
	"rate" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"overdue" boolean NOT NULL,
	"charged_at" bigint NOT NULL,
	CONSTRAINT "loan_interest_pkey" PRIMARY KEY ("loan_id", "day"),
	CONSTRAINT "loan_interest_figures_check" CHECK ("day" >= 1 AND "amount" >= 0 AND "rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" bigint NOT NULL REFERENCES "loans"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"amount" numeric(36, 18),
	"interest" numeric(36, 18),
	"principal" numeric(36, 18),
	"collateral" numeric(36, 18),
	"price" numeric(36, 18),
	"ltv" numeric(36, 18),
	"created_at" bigint NOT NULL,
	CONSTRAINT "loan_events_kind_check" CHECK ("kind" IN ('borrow', 'repay', 'collateral_add', 'collateral_return', 'margin_call', 'liquidation'))
);
--> statement-breakpoint
CREATE INDEX "loan_events_user_idx" ON "loan_events" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "loan_events_loan_idx" ON "loan_events" ("loan_id", "id");
--> statement-breakpoint
CREATE TABLE "loan_liquidations" (
	"loan_id" bigint PRIMARY KEY NOT NULL REFERENCES "loans"("id"),
	"reason" text NOT NULL,
	"tick_id" bigint NOT NULL REFERENCES "index_ticks"("id"),
	"price" numeric(36, 18) NOT NULL,
	"ltv" numeric(36, 18) NOT NULL,
	"principal" numeric(36, 18) NOT NULL,
	"interest" numeric(36, 18) NOT NULL,
	"debt" numeric(36, 18) NOT NULL,
	"collateral" numeric(36, 18) NOT NULL,
	"collateral_sold" numeric(36, 18) NOT NULL,
	"collateral_returned" numeric(36, 18) NOT NULL,
	"proceeds" numeric(36, 18) NOT NULL,
	"shortfall" numeric(36, 18) NOT NULL,
	"reserve_covered" numeric(36, 18) NOT NULL,
	"liquidated_at" bigint NOT NULL,
	CONSTRAINT "loan_liquidations_reason_check" CHECK ("reason" IN ('ltv', 'overdue')),
	CONSTRAINT "loan_liquidations_figures_check" CHECK ("collateral_sold" + "collateral_returned" = "collateral" AND "shortfall" >= 0
		AND "reserve_covered" >= 0 AND "reserve_covered" <= "shortfall")
);
--> statement-breakpoint
CREATE INDEX "loan_liquidations_time_idx" ON "loan_liquidations" ("liquidated_at", "loan_id");
--> statement-breakpoint
-- The retention job keeps every tick a liquidation names (the evidence of its price).
CREATE INDEX "loan_liquidations_tick_idx" ON "loan_liquidations" ("tick_id");
--> statement-breakpoint
CREATE TABLE "loan_pool_fundings" (
	"id" serial PRIMARY KEY NOT NULL,
	"account" text NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"amount" numeric(36, 18) NOT NULL,
	"operator_id" integer NOT NULL REFERENCES "operators"("id"),
	"created_at" bigint NOT NULL,
	CONSTRAINT "loan_pool_fundings_account_check" CHECK ("account" IN ('loans', 'loan_reserve')),
	CONSTRAINT "loan_pool_fundings_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
-- Loans tell their owner about a margin call and a liquidation: two more kinds of notification.
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('deposit_credited', 'withdrawal_approved', 'withdrawal_rejected',
	'identity_approved', 'identity_rejected', 'spot_order_filled', 'loan_margin_call', 'loan_liquidated'));
