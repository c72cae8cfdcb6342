-- Contracts (issue 10): per-symbol settings of futures and stock symbols, positions (pending limit
-- orders, open and closed positions) and the overnight fee charged once per position and day.
CREATE TABLE "contract_settings" (
	"symbol_id" integer PRIMARY KEY NOT NULL REFERENCES "market_symbols"("id"),
	"contract_size" numeric(36, 18) NOT NULL,
	"multiples" jsonb NOT NULL,
	"lots_min" integer NOT NULL,
	"lots_max" integer NOT NULL,
	"fee_rate" numeric(36, 18) NOT NULL,
	"overnight_rate" numeric(36, 18) NOT NULL,
	"spread" numeric(36, 18) NOT NULL,
	"maintenance_threshold" numeric(36, 18) NOT NULL,
	"session" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_settings_size_check" CHECK ("contract_size" > 0),
	CONSTRAINT "contract_settings_lots_check" CHECK ("lots_min" >= 1 AND "lots_max" >= "lots_min"),
	CONSTRAINT "contract_settings_rates_check" CHECK ("fee_rate" >= 0 AND "fee_rate" < 1 AND "overnight_rate" >= 0 AND "overnight_rate" < 1 AND "spread" >= 0),
	CONSTRAINT "contract_settings_threshold_check" CHECK ("maintenance_threshold" >= 0 AND "maintenance_threshold" < 100)
);
--> statement-breakpoint
CREATE TABLE "contract_positions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"symbol_id" integer NOT NULL REFERENCES "market_symbols"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"side" text NOT NULL,
	"order_kind" text NOT NULL,
	"status" text NOT NULL,
	"lots" integer NOT NULL,
	"multiple" integer NOT NULL,
	"contract_size" numeric(36, 18) NOT NULL,
	"target_price" numeric(36, 18),
	"open_price" numeric(36, 18),
	"close_price" numeric(36, 18),
	"margin" numeric(36, 18) NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"overnight_fee" numeric(36, 18) DEFAULT '0' NOT NULL,
	"take_profit" numeric(36, 18),
	"stop_loss" numeric(36, 18),
	"profit" numeric(36, 18),
	"close_reason" text,
	"open_tick_id" bigint,
	"close_tick_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "contract_positions_side_check" CHECK ("side" IN ('long', 'short')),
	CONSTRAINT "contract_positions_kind_check" CHECK ("order_kind" IN ('market', 'limit')),
	CONSTRAINT "contract_positions_status_check" CHECK ("status" IN ('pending', 'open', 'closed', 'cancelled')),
	CONSTRAINT "contract_positions_amounts_check" CHECK ("lots" > 0 AND "multiple" > 0 AND "margin" >= 0 AND "fee" >= 0 AND "overnight_fee" >= 0),
	CONSTRAINT "contract_positions_open_check" CHECK ("status" NOT IN ('open', 'closed') OR ("open_price" IS NOT NULL AND "opened_at" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "contract_positions_user_status_idx" ON "contract_positions" USING btree ("user_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "contract_positions_live_idx" ON "contract_positions" USING btree ("symbol_id") WHERE "status" IN ('pending', 'open');
--> statement-breakpoint
CREATE TABLE "contract_overnight_fees" (
	"position_id" bigint NOT NULL REFERENCES "contract_positions"("id"),
	"day" text NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"from_margin" numeric(36, 18) NOT NULL,
	"from_available" numeric(36, 18) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_overnight_fees_pkey" PRIMARY KEY ("position_id", "day")
);
