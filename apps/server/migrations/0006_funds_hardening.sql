CREATE TABLE "pay_password_attempts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "recharges_voucher_key" ON "recharges" USING btree ("voucher");--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_card_live_key" ON "identity_verifications" USING btree ("card_id") WHERE "identity_verifications"."level" = 1 and "identity_verifications"."status" in ('pending', 'approved');--> statement-breakpoint
CREATE INDEX "identity_verifications_card_idx" ON "identity_verifications" USING btree ("card_id");