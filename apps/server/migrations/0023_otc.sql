-- OTC and quick buy (issue 14): merchants, their ads, escrowed orders, the order chat and appeals. Every
-- figure a user sees is one of these rows; every balance change is a ledger entry naming an ad or an
-- order (a sell ad's coins frozen in the merchant's fiat account while it is online; an order's coins in
-- the otc_escrow system account's frozen bucket while it is open). Times are epoch milliseconds from the
-- server's clock (tests move it).

-- The ways a buyer may pay: the user's domestic or international bank card (kinds bank and
-- international, one row each, built in) and the accounts of methods the operator adds (kind account).
CREATE TABLE "otc_payment_methods" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "otc_payment_methods_kind_check" CHECK ("kind" IN ('bank', 'international', 'account'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "otc_payment_methods_card_key" ON "otc_payment_methods" ("kind") WHERE "kind" <> 'account';
--> statement-breakpoint
INSERT INTO "otc_payment_methods" ("kind", "name", "sort") VALUES ('bank', 'Bank card', 1), ('international', 'International bank card', 2);
--> statement-breakpoint
-- A user's account of an operator's method: the holder's name and the account number a buyer pays to.
CREATE TABLE "otc_payment_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"method_id" integer NOT NULL REFERENCES "otc_payment_methods"("id"),
	"holder" text NOT NULL,
	"account" text NOT NULL,
	"updated_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "otc_payment_accounts_user_method_key" ON "otc_payment_accounts" ("user_id", "method_id");
--> statement-breakpoint
-- One merchant row per user: the application, then the operator's decision (approved, rejected,
-- suspended), each decision in the operator log.
CREATE TABLE "otc_merchants" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"applied_at" bigint NOT NULL,
	"decided_at" bigint,
	"operator_id" integer REFERENCES "operators"("id"),
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "otc_merchants_status_check" CHECK ("status" IN ('pending', 'approved', 'rejected', 'suspended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "otc_merchants_user_key" ON "otc_merchants" ("user_id");
--> statement-breakpoint
CREATE INDEX "otc_merchants_status_idx" ON "otc_merchants" ("status", "id");
--> statement-breakpoint
-- An ad: `remaining` is what orders may still take (a sell ad's remaining is frozen in the merchant's
-- fiat account while online); a fixed price or a margin over the index.
CREATE TABLE "otc_ads" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL REFERENCES "otc_merchants"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"side" text NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"fiat" text NOT NULL,
	"price_type" text NOT NULL,
	"price" numeric(36, 18),
	"margin" numeric(36, 18),
	"quantity" numeric(36, 18) NOT NULL,
	"remaining" numeric(36, 18) NOT NULL,
	"min_fiat" numeric(36, 18) NOT NULL,
	"max_fiat" numeric(36, 18) NOT NULL,
	"method_ids" jsonb NOT NULL,
	"pay_minutes" integer NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'online' NOT NULL,
	"created_at" bigint NOT NULL,
	"closed_at" bigint,
	"closed_by" text,
	"demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "otc_ads_side_check" CHECK ("side" IN ('sell', 'buy')),
	CONSTRAINT "otc_ads_status_check" CHECK ("status" IN ('online', 'closed')),
	CONSTRAINT "otc_ads_price_check" CHECK (("price_type" = 'fixed' AND "price" > 0 AND "margin" IS NULL) OR ("price_type" = 'floating' AND "price" IS NULL AND "margin" IS NOT NULL)),
	CONSTRAINT "otc_ads_figures_check" CHECK ("quantity" > 0 AND "remaining" >= 0 AND "remaining" <= "quantity" AND "min_fiat" > 0 AND "max_fiat" >= "min_fiat" AND "pay_minutes" > 0),
	CONSTRAINT "otc_ads_closed_check" CHECK (("status" = 'online') = ("closed_at" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "otc_ads_market_idx" ON "otc_ads" ("currency_id", "fiat", "side") WHERE "status" = 'online';
--> statement-breakpoint
CREATE INDEX "otc_ads_user_idx" ON "otc_ads" ("user_id", "status", "id");
--> statement-breakpoint
-- An order: buyer and seller (one of them the ad's maker), the price and figures fixed when placed, the
-- seller's payment details copied then; its coins sit in escrow from placing until released or returned.
CREATE TABLE "otc_orders" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" integer NOT NULL REFERENCES "otc_ads"("id"),
	"ad_side" text NOT NULL,
	"maker_id" integer NOT NULL REFERENCES "users"("id"),
	"taker_id" integer NOT NULL REFERENCES "users"("id"),
	"buyer_id" integer NOT NULL REFERENCES "users"("id"),
	"seller_id" integer NOT NULL REFERENCES "users"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"fiat" text NOT NULL,
	"price" numeric(36, 18) NOT NULL,
	"quantity" numeric(36, 18) NOT NULL,
	"fiat_amount" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"pay_deadline" bigint NOT NULL,
	"payment_details" jsonb NOT NULL,
	"paid_method_id" integer REFERENCES "otc_payment_methods"("id"),
	"proof" text,
	"paid_at" bigint,
	"released_at" bigint,
	"released_by" text,
	"cancelled_at" bigint,
	"cancel_reason" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "otc_orders_status_check" CHECK ("status" IN ('pending', 'paid', 'appealed', 'released', 'cancelled')),
	CONSTRAINT "otc_orders_sides_check" CHECK ("buyer_id" <> "seller_id" AND "maker_id" <> "taker_id"
		AND (("ad_side" = 'sell' AND "seller_id" = "maker_id" AND "buyer_id" = "taker_id") OR ("ad_side" = 'buy' AND "buyer_id" = "maker_id" AND "seller_id" = "taker_id"))),
	CONSTRAINT "otc_orders_figures_check" CHECK ("price" > 0 AND "quantity" > 0 AND "fiat_amount" > 0),
	CONSTRAINT "otc_orders_paid_check" CHECK (("paid_at" IS NULL) = ("proof" IS NULL) AND ("paid_at" IS NULL) = ("paid_method_id" IS NULL)),
	CONSTRAINT "otc_orders_released_check" CHECK (("status" = 'released') = ("released_at" IS NOT NULL) AND ("released_at" IS NULL) = ("released_by" IS NULL)
		AND ("released_by" IS NULL OR "released_by" IN ('seller', 'operator'))),
	CONSTRAINT "otc_orders_cancelled_check" CHECK (("status" = 'cancelled') = ("cancelled_at" IS NOT NULL) AND ("cancelled_at" IS NULL) = ("cancel_reason" IS NULL)
		AND ("cancel_reason" IS NULL OR "cancel_reason" IN ('buyer', 'timeout', 'appeal')))
);
--> statement-breakpoint
CREATE INDEX "otc_orders_buyer_idx" ON "otc_orders" ("buyer_id", "id");
--> statement-breakpoint
CREATE INDEX "otc_orders_seller_idx" ON "otc_orders" ("seller_id", "id");
--> statement-breakpoint
CREATE INDEX "otc_orders_maker_idx" ON "otc_orders" ("maker_id", "status");
--> statement-breakpoint
CREATE INDEX "otc_orders_status_idx" ON "otc_orders" ("status", "id");
--> statement-breakpoint
CREATE INDEX "otc_orders_due_idx" ON "otc_orders" ("pay_deadline") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "otc_orders_proof_idx" ON "otc_orders" ("proof") WHERE "proof" IS NOT NULL;
--> statement-breakpoint
-- One appeal per order: who opened it and why, then the operator's decision and note.
CREATE TABLE "otc_appeals" (
	"order_id" bigint PRIMARY KEY NOT NULL REFERENCES "otc_orders"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"role" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" bigint NOT NULL,
	"decision" text,
	"note" text,
	"operator_id" integer REFERENCES "operators"("id"),
	"decided_at" bigint,
	CONSTRAINT "otc_appeals_role_check" CHECK ("role" IN ('buyer', 'seller')),
	CONSTRAINT "otc_appeals_decision_check" CHECK (("decision" IS NULL OR "decision" IN ('release', 'return'))
		AND ("decision" IS NULL) = ("decided_at" IS NULL) AND ("decision" IS NULL) = ("operator_id" IS NULL))
);
--> statement-breakpoint
-- The order chat: a side's text and/or image (their own upload), or an operator's note.
CREATE TABLE "otc_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "otc_orders"("id"),
	"user_id" integer REFERENCES "users"("id"),
	"operator_id" integer REFERENCES "operators"("id"),
	"body" text DEFAULT '' NOT NULL,
	"image" text,
	"created_at" bigint NOT NULL,
	CONSTRAINT "otc_messages_author_check" CHECK (("user_id" IS NULL) <> ("operator_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX "otc_messages_order_idx" ON "otc_messages" ("order_id", "id");
--> statement-breakpoint
CREATE INDEX "otc_messages_image_idx" ON "otc_messages" ("image") WHERE "image" IS NOT NULL;
