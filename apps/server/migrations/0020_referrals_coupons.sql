-- Issue 12: invitation rebates and coupons. Rebates and fee-coupon refunds are paid by one recurring job
-- that reads the fee postings (ledger postings into a `fees` system account) in id order, per fees
-- account, from a stored watermark; each pays from the fees account through the ledger and is recorded
-- once per posting (rebates per posting and level, refunds per posting and coupon). Times are epoch
-- milliseconds from the server's clock.
CREATE INDEX "users_parent_idx" ON "users" ("parent_id", "id") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
-- The operator's rebate shares (one row): a fraction of each invitee's trading fee to the inviter, and
-- to the inviter's inviter (0: no second level). Together at most 1, so rebates never exceed the fee.
CREATE TABLE "referral_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"level1_share" numeric(36, 18) NOT NULL,
	"level2_share" numeric(36, 18) NOT NULL,
	"updated_at" bigint,
	CONSTRAINT "referral_settings_one_row_check" CHECK ("id" = 1),
	CONSTRAINT "referral_settings_shares_check" CHECK ("level1_share" >= 0 AND "level2_share" >= 0 AND "level1_share" + "level2_share" <= 1)
);
--> statement-breakpoint
INSERT INTO "referral_settings" ("id", "level1_share", "level2_share") VALUES (1, 0.2, 0);
--> statement-breakpoint
-- The fee-posting job's watermark per fees account: every posting into the account up to
-- last_posting_id has been handled. Fees paid before this migration are not rebated: an account that
-- already exists starts at its latest posting.
CREATE TABLE "fee_posting_cursors" (
	"account_id" integer PRIMARY KEY NOT NULL REFERENCES "ledger_accounts"("id"),
	"last_posting_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" bigint
);
--> statement-breakpoint
INSERT INTO "fee_posting_cursors" ("account_id", "last_posting_id")
SELECT a.id, coalesce((SELECT max(p.id) FROM "ledger_postings" p WHERE p.account_id = a.id), 0)
FROM "ledger_accounts" a WHERE a.system = 'fees';
--> statement-breakpoint
-- One rebate per fee posting and level (the unique key is what pays it once).
CREATE TABLE "referral_rebates" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL REFERENCES "ledger_postings"("id"),
	"level" smallint NOT NULL,
	"inviter_id" integer NOT NULL REFERENCES "users"("id"),
	"invitee_id" integer NOT NULL REFERENCES "users"("id"),
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"source_type" text NOT NULL,
	"source_id" text NOT NULL,
	"fee" numeric(36, 18) NOT NULL,
	"refunded" numeric(36, 18) DEFAULT '0' NOT NULL,
	"share" numeric(36, 18) NOT NULL,
	"amount" numeric(36, 18) NOT NULL,
	"paid_at" bigint NOT NULL,
	CONSTRAINT "referral_rebates_posting_level_key" UNIQUE ("posting_id", "level"),
	CONSTRAINT "referral_rebates_level_check" CHECK ("level" IN (1, 2)),
	CONSTRAINT "referral_rebates_figures_check" CHECK ("fee" > 0 AND "refunded" >= 0 AND "share" > 0 AND "share" <= 1
		AND "amount" > 0 AND "amount" <= "fee" - "refunded")
);
--> statement-breakpoint
CREATE INDEX "referral_rebates_inviter_idx" ON "referral_rebates" ("inviter_id", "id");
--> statement-breakpoint
CREATE INDEX "referral_rebates_invitee_idx" ON "referral_rebates" ("invitee_id", "id");
--> statement-breakpoint
-- Coupon batches the operator issues. A claimed coupon copies kind, coin and value, and expires
-- valid_days after its claim.
CREATE TABLE "coupon_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"value" numeric(36, 18) NOT NULL,
	"eligibility" text DEFAULT 'all' NOT NULL,
	"quantity" integer NOT NULL,
	"claimed" integer DEFAULT 0 NOT NULL,
	"per_user_limit" integer NOT NULL,
	"valid_days" integer NOT NULL,
	"claim_starts_at" bigint NOT NULL,
	"claim_ends_at" bigint NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "coupon_batches_kind_check" CHECK ("kind" IN ('fee_discount', 'experience')),
	CONSTRAINT "coupon_batches_eligibility_check" CHECK ("eligibility" IN ('all', 'invited', 'verified')),
	CONSTRAINT "coupon_batches_figures_check" CHECK ("value" > 0 AND "quantity" > 0 AND "claimed" >= 0 AND "claimed" <= "quantity"
		AND "per_user_limit" > 0 AND "valid_days" > 0 AND "claim_ends_at" > "claim_starts_at")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL REFERENCES "coupon_batches"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"currency_id" integer NOT NULL REFERENCES "currencies"("id"),
	"value" numeric(36, 18) NOT NULL,
	"remaining" numeric(36, 18) NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"claimed_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"activated_at" bigint,
	-- A fee discount refunds the fee postings after the one that was latest when it was applied, up to
	-- the one that was latest when it expired: fills, not the job's timing, decide what it covers.
	"from_posting_id" bigint,
	"until_posting_id" bigint,
	"used_at" bigint,
	"expired_at" bigint,
	CONSTRAINT "coupons_kind_check" CHECK ("kind" IN ('fee_discount', 'experience')),
	CONSTRAINT "coupons_status_check" CHECK ("status" IN ('available', 'active', 'used', 'expired')),
	CONSTRAINT "coupons_figures_check" CHECK ("value" > 0 AND "remaining" >= 0 AND "remaining" <= "value" AND "expires_at" > "claimed_at"),
	CONSTRAINT "coupons_active_check" CHECK ("status" <> 'active' OR ("activated_at" IS NOT NULL AND "from_posting_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE INDEX "coupons_user_idx" ON "coupons" ("user_id", "status", "id");
--> statement-breakpoint
CREATE INDEX "coupons_batch_user_idx" ON "coupons" ("batch_id", "user_id");
--> statement-breakpoint
CREATE INDEX "coupons_expiry_idx" ON "coupons" ("expires_at") WHERE "status" IN ('available', 'active');
--> statement-breakpoint
CREATE INDEX "coupons_refunding_idx" ON "coupons" ("user_id", "currency_id") WHERE "kind" = 'fee_discount' AND "remaining" > 0 AND "from_posting_id" IS NOT NULL;
--> statement-breakpoint
-- One refund per fee posting and coupon.
CREATE TABLE "coupon_refunds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"posting_id" bigint NOT NULL REFERENCES "ledger_postings"("id"),
	"coupon_id" integer NOT NULL REFERENCES "coupons"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"amount" numeric(36, 18) NOT NULL,
	"paid_at" bigint NOT NULL,
	CONSTRAINT "coupon_refunds_posting_coupon_key" UNIQUE ("posting_id", "coupon_id"),
	CONSTRAINT "coupon_refunds_amount_check" CHECK ("amount" > 0)
);
--> statement-breakpoint
CREATE INDEX "coupon_refunds_coupon_idx" ON "coupon_refunds" ("coupon_id", "id");
--> statement-breakpoint
-- An experience coupon stakes one seconds option, with no fee.
ALTER TABLE "option_orders" ADD COLUMN "coupon_id" integer REFERENCES "coupons"("id");
--> statement-breakpoint
CREATE UNIQUE INDEX "option_orders_coupon_key" ON "option_orders" ("coupon_id") WHERE "coupon_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "option_orders" ADD CONSTRAINT "option_orders_coupon_fee_check" CHECK ("coupon_id" IS NULL OR "fee" = 0);
