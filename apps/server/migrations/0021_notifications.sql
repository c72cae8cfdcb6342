-- Notifications (issue 12): the user's own events, written in the transaction of the change they report
-- (a deposit credited, a withdrawal or identity review decided) or right after a spot fill commits, and
-- the system notices operators publish per language. Times are epoch milliseconds from the server's clock.
CREATE TABLE "notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"kind" text NOT NULL,
	"ref_id" bigint NOT NULL,
	"figures" jsonb NOT NULL,
	"created_at" bigint NOT NULL,
	"read_at" bigint,
	"pushed_at" bigint,
	CONSTRAINT "notifications_kind_check" CHECK ("kind" IN ('deposit_credited', 'withdrawal_approved', 'withdrawal_rejected', 'identity_approved', 'identity_rejected', 'spot_order_filled'))
);
--> statement-breakpoint
-- One notification per event: recording the same event again finds this key.
CREATE UNIQUE INDEX "notifications_event_key" ON "notifications" ("kind", "ref_id");
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "created_at", "id");
--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" ("user_id") WHERE "read_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "notifications_unpushed_idx" ON "notifications" ("id") WHERE "pushed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "system_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"publish_at" bigint NOT NULL,
	"withdrawn_at" bigint,
	"pushed_at" bigint,
	"demo" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL,
	"updated_at" bigint NOT NULL,
	-- English is every reader's fallback, so every notice has it.
	CONSTRAINT "system_notices_english_check" CHECK ("texts" ? 'en')
);
--> statement-breakpoint
CREATE INDEX "system_notices_shown_idx" ON "system_notices" ("publish_at", "id") WHERE "withdrawn_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "system_notices_unpushed_idx" ON "system_notices" ("publish_at") WHERE "pushed_at" IS NULL AND "withdrawn_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "system_notice_reads" (
	"notice_id" integer NOT NULL REFERENCES "system_notices"("id"),
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"read_at" bigint NOT NULL,
	CONSTRAINT "system_notice_reads_pkey" PRIMARY KEY ("notice_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "system_notice_reads_user_idx" ON "system_notice_reads" ("user_id");
