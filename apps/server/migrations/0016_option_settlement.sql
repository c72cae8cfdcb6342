-- Seconds options settle per symbol and window (options/service.ts): the open orders of a symbol
-- expired by a time, oldest first, are found through this index.
CREATE INDEX "option_orders_due_idx" ON "option_orders" ("symbol_id", "expires_at", "id") WHERE "status" = 'open';
