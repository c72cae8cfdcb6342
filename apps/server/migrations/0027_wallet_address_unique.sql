-- Wallet addresses (issue 16): one coin, network and address is saved once per user. "address_key" is
-- the address as compared (contract address-rules.ts, addressKey): hex (EVM) and bech32 addresses are
-- case-insensitive, so lower-cased; Base58 and unknown formats stay as typed.
ALTER TABLE "wallet_addresses" ADD COLUMN "address_key" text;--> statement-breakpoint
UPDATE "wallet_addresses" SET "address_key" = CASE
  WHEN upper("network") IN ('ERC20', 'BEP20') THEN lower(btrim("address"))
  WHEN upper("network") IN ('BTC', 'LTC') AND btrim("address") ~* '^(bc|ltc)1' THEN lower(btrim("address"))
  ELSE btrim("address")
END;--> statement-breakpoint
-- Earlier duplicates: the oldest stays. Withdrawals copy their destination, so no request loses its address.
DELETE FROM "wallet_addresses" AS "later" USING "wallet_addresses" AS "first"
WHERE "later"."user_id" = "first"."user_id" AND "later"."currency_id" = "first"."currency_id" AND "later"."network" = "first"."network"
  AND "later"."address_key" = "first"."address_key" AND "later"."id" > "first"."id";--> statement-breakpoint
ALTER TABLE "wallet_addresses" ALTER COLUMN "address_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_addresses_user_address_key" ON "wallet_addresses" USING btree ("user_id","currency_id","network","address_key");
