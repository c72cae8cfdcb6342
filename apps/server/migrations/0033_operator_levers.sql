-- Issue 22, operator levers.
-- A change of a contract symbol's maintenance threshold, overnight rate or spread is stored here and
-- applies only from effective_at (24 h after it was made, contract-settings-rules.ts); until then
-- readers get the value in force. One scheduled change per symbol and field at most; a later edit
-- cancels it (status 'cancelled'); once folded into contract_settings it is 'applied'.
CREATE TABLE "contract_setting_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"symbol_id" integer NOT NULL REFERENCES "market_symbols" ("id"),
	"field" text NOT NULL,
	"previous_value" numeric(36, 18) NOT NULL,
	"value" numeric(36, 18) NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"operator_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_setting_changes_field_check" CHECK ("field" IN ('maintenance_threshold', 'overnight_rate', 'spread')),
	CONSTRAINT "contract_setting_changes_status_check" CHECK ("status" IN ('scheduled', 'applied', 'cancelled')),
	CONSTRAINT "contract_setting_changes_value_check" CHECK ("value" >= 0 AND ("field" <> 'maintenance_threshold' OR "value" < 100) AND ("field" <> 'overnight_rate' OR "value" < 1))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "contract_setting_changes_scheduled_idx" ON "contract_setting_changes" ("symbol_id", "field") WHERE "status" = 'scheduled';
--> statement-breakpoint
-- Option exposure limits are symmetric (options/exposure.ts): one limit of open stake per symbol for
-- both directions together, and one per user on the symbol, instead of a limit per direction that could
-- close one side. The open stake stays counted per direction (the back office shows both).
CREATE TABLE "option_exposure_limits" (
	"symbol_id" integer PRIMARY KEY NOT NULL REFERENCES "market_symbols" ("id"),
	"stake_max" numeric(36, 18) NOT NULL,
	"user_stake_max" numeric(36, 18) NOT NULL,
	CONSTRAINT "option_exposure_limits_figures_check" CHECK ("stake_max" >= 0 AND "user_stake_max" >= 0)
);
--> statement-breakpoint
-- The existing per-direction limits become one per symbol: the larger of the two, a direction without a
-- row counting as the default 100000 (a side the operator had closed, 0, no longer closes anything); the
-- per-user limit starts at its default 50000 (both defaults: options/exposure.ts).
INSERT INTO "option_exposure_limits" ("symbol_id", "stake_max", "user_stake_max")
SELECT "symbol_id", greatest(max("stake_max"), CASE WHEN count(*) < 2 THEN 100000 ELSE 0 END), 50000
FROM "option_exposure" GROUP BY "symbol_id";
--> statement-breakpoint
ALTER TABLE "option_exposure" DROP CONSTRAINT "option_exposure_figures_check";
--> statement-breakpoint
ALTER TABLE "option_exposure" DROP COLUMN "stake_max";
--> statement-breakpoint
ALTER TABLE "option_exposure" ADD CONSTRAINT "option_exposure_figures_check" CHECK ("open_stake" >= 0);
