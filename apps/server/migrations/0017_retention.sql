-- Retention (retention/retention.ts): index ticks an option order or a contract position names are kept
-- for good; these indexes let the pruning job (and the foreign keys' checks on delete) find them.
CREATE INDEX "option_orders_open_tick_idx" ON "option_orders" ("open_tick_id");
--> statement-breakpoint
CREATE INDEX "option_orders_close_tick_idx" ON "option_orders" ("close_tick_id") WHERE "close_tick_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "contract_positions_open_tick_idx" ON "contract_positions" ("open_tick_id") WHERE "open_tick_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "contract_positions_close_tick_idx" ON "contract_positions" ("close_tick_id") WHERE "close_tick_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "index_ticks_time_idx" ON "index_ticks" ("time");
