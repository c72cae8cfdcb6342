-- Issue 22 (feed): the simulation's seed is a secret of the running process (or absent, node:crypto), never stored or served.
ALTER TABLE "market_history_backfills" DROP COLUMN IF EXISTS "seed";
