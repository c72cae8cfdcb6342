CREATE TABLE "candles" (
	"symbol_id" integer NOT NULL,
	"period" text NOT NULL,
	"open_time" bigint NOT NULL,
	"open" numeric(36, 18) NOT NULL,
	"high" numeric(36, 18) NOT NULL,
	"low" numeric(36, 18) NOT NULL,
	"close" numeric(36, 18) NOT NULL,
	"volume" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	CONSTRAINT "candles_symbol_id_period_open_time_pk" PRIMARY KEY("symbol_id","period","open_time")
);
--> statement-breakpoint
CREATE TABLE "market_symbols" (
	"id" serial PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"base_currency_id" integer,
	"quote_currency_id" integer NOT NULL,
	"start_price" numeric(36, 18) NOT NULL,
	"volatility" double precision NOT NULL,
	"price_decimals" integer NOT NULL,
	"quantity_decimals" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "market_symbols_symbol_key" ON "market_symbols" USING btree ("symbol");