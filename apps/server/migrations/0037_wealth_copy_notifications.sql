-- Issue 23: notifications of a lock-up mining order's end, a dual investment's settlement, an IEO
-- allocation and a copy skipped for want of balance (contract schemas/notifications.ts).
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('deposit_credited', 'withdrawal_approved', 'withdrawal_rejected',
	'identity_approved', 'identity_rejected', 'spot_order_filled', 'loan_margin_call', 'loan_liquidated',
	'mining_unlocked', 'dual_settled', 'ieo_allocated', 'copy_skipped'));
