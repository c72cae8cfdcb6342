-- Spot trust (issue 9): a posting may name its own business reference, so one spot batch entry can
-- move money for several orders while each user's bill line names only that user's order.
ALTER TABLE "ledger_postings" ADD COLUMN "ref_type" text;
--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "ref_id" text;
--> statement-breakpoint
-- Spot postings from before: their entry named the batch and listed every order it moved in its memo
-- ('orders 12,15,20'), the counterparty's included. Each user's posting now names that user's own
-- orders among them (usually one; several where the user had more than one order in the entry).
WITH listed AS (
  SELECT e.id AS entry_id, unnest(string_to_array(substr(e.memo, 8), ','))::bigint AS order_id
  FROM ledger_entries e
  WHERE e.kind = 'spot_trade' AND e.ref_type = 'spot_batch' AND e.memo LIKE 'orders %'
), own AS (
  SELECT p.id AS posting_id, string_agg(DISTINCT o.id::text, ',') AS ids
  FROM listed l
  JOIN spot_orders o ON o.id = l.order_id
  JOIN market_symbols s ON s.id = o.symbol_id
  JOIN ledger_accounts a ON a.user_id = o.user_id AND a.kind = 'spot' AND a.currency_id IN (s.base_currency_id, s.quote_currency_id)
  JOIN ledger_postings p ON p.entry_id = l.entry_id AND p.account_id = a.id
  WHERE p.ref_id IS NULL
  GROUP BY p.id
)
UPDATE ledger_postings p SET ref_type = 'spot_order', ref_id = own.ids FROM own WHERE own.posting_id = p.id;
