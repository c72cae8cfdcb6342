-- Spot anti-abuse (issue 9): a minimum order value per symbol, in its quote coin (0 = none). Spot pairs
-- quoted in USDT start at 5 USDT; an operator changes it per symbol in the back office.
ALTER TABLE "market_symbols" ADD COLUMN "order_value_min" numeric(36, 18) DEFAULT '0' NOT NULL;
--> statement-breakpoint
ALTER TABLE "market_symbols" ADD CONSTRAINT "market_symbols_order_value_min_check" CHECK ("order_value_min" >= 0);
--> statement-breakpoint
UPDATE "market_symbols" SET "order_value_min" = '5'
WHERE "kind" = 'spot' AND "quote_currency_id" IN (SELECT "id" FROM "currencies" WHERE "name" = 'USDT');
