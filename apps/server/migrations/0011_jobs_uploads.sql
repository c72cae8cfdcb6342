-- Scheduled jobs (jobs/scheduler.ts): rows with a due time, claimed with FOR UPDATE SKIP LOCKED and
-- marked done (or, when recurring, moved to their next due time) in the same transaction as their work.
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"every_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('pending', 'done', 'failed')),
	CONSTRAINT "jobs_every_ms_check" CHECK ("jobs"."every_ms" is null or "jobs"."every_ms" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_name_key_key" ON "jobs" USING btree ("name","key");
--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at","id") WHERE "jobs"."status" = 'pending';
--> statement-breakpoint
-- Per-user upload quota (bytes and files) is summed over this index; the orphan sweep walks by age.
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id");
--> statement-breakpoint
CREATE INDEX "uploads_created_idx" ON "uploads" USING btree ("created_at","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_file_name_key" ON "uploads" USING btree ("file_name");
