-- A tick recorded after an order but priced before it (markets/ticks.ts, index-freshness.ts tickAfter).
-- The public feed stamps each tick with the moment it emits it, but prices it from quotes polled earlier:
-- priced_at is the oldest request time among the quotes its median used, the earliest moment that price
-- could have been known. An order opens only on a tick with time and coalesce(priced_at, time) after its
-- acceptance. Null (the simulation, and every row from before this migration) means priced at its time.
-- Outside the chain's hash (tick-chain.ts), so every stored chain still verifies.
ALTER TABLE "index_ticks" ADD COLUMN "priced_at" bigint;
--> statement-breakpoint
ALTER TABLE "index_ticks" ADD CONSTRAINT "index_ticks_priced_at_check" CHECK ("priced_at" IS NULL OR "priced_at" <= "time");
