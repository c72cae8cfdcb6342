-- Operator accounts (issue 9): a first operator from the environment or a command must change the
-- password given to it; a disabled operator cannot log in. Sessions are looked up per operator to revoke them.
ALTER TABLE "operators" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "operators" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "operator_sessions_operator_idx" ON "operator_sessions" USING btree ("operator_id");
