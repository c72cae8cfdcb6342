-- Order lists are newest first by time, then id: ids rise within a symbol only, since each spot writer
-- reserves its own blocks of order ids. A user's list and the back office's search read these indexes
-- backwards instead of sorting every matching row. The user index replaces (user_id, id), so the order
-- insert on the hot path keeps one user index and gains only the time index.
CREATE INDEX "spot_orders_user_time_idx" ON "spot_orders" USING btree ("user_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "spot_orders_time_idx" ON "spot_orders" USING btree ("created_at","id");
--> statement-breakpoint
DROP INDEX "spot_orders_user_idx";
