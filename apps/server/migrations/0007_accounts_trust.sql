-- Accounts trust (issue 9). Emails are stored trimmed and lower-cased, mobiles and area codes as digits,
-- account names the same way (normaliseLogin in the contract). Refuses to run, naming the accounts,
-- where two accounts would become one; the operator merges or renames them and migrates again.
DO $$
DECLARE
  report text;
BEGIN
  SELECT string_agg(format('%s "%s" is shared by users %s', kind, key, ids), '; ' ORDER BY kind, key) INTO report
  FROM (
    SELECT 'email' AS kind, lower(btrim(email)) AS key, string_agg(id::text, ', ' ORDER BY id) AS ids
      FROM users WHERE email IS NOT NULL GROUP BY lower(btrim(email)) HAVING count(*) > 1
    UNION ALL
    SELECT 'mobile', regexp_replace(area_code, '[^0-9]', '', 'g') || ' ' || regexp_replace(mobile, '[^0-9]', '', 'g'), string_agg(id::text, ', ' ORDER BY id)
      FROM users WHERE mobile IS NOT NULL
      GROUP BY regexp_replace(area_code, '[^0-9]', '', 'g'), regexp_replace(mobile, '[^0-9]', '', 'g') HAVING count(*) > 1
    UNION ALL
    SELECT 'account', normalised, string_agg(id::text, ', ' ORDER BY id)
      FROM (
        SELECT id, CASE
          WHEN account LIKE '%@%' THEN lower(btrim(account))
          WHEN account ~ '^\+?[0-9 ().-]+$' THEN regexp_replace(account, '[^0-9]', '', 'g')
          ELSE btrim(account) END AS normalised
        FROM users
      ) accounts
      GROUP BY normalised HAVING count(*) > 1
  ) collisions;
  IF report IS NOT NULL THEN
    RAISE EXCEPTION 'accounts would collide once emails and mobiles are normalised (merge or rename them, then migrate again): %', report;
  END IF;
END
$$;
--> statement-breakpoint
-- Unique per area code from now on (the same digits in two area codes are two numbers).
DROP INDEX "users_mobile_key";
--> statement-breakpoint
UPDATE "users" SET
  "email" = lower(btrim("email")),
  "mobile" = regexp_replace("mobile", '[^0-9]', '', 'g'),
  "area_code" = regexp_replace("area_code", '[^0-9]', '', 'g'),
  "account" = CASE
    WHEN "account" LIKE '%@%' THEN lower(btrim("account"))
    WHEN "account" ~ '^\+?[0-9 ().-]+$' THEN regexp_replace("account", '[^0-9]', '', 'g')
    ELSE btrim("account") END;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_normalised" CHECK ("email" = lower(btrim("email")));
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_mobile_normalised" CHECK ("mobile" ~ '^[0-9]+$');
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_area_code_normalised" CHECK ("area_code" ~ '^[0-9]{1,4}$');
--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_key" ON "users" USING btree ("area_code", "mobile");
--> statement-breakpoint
UPDATE "verification_codes" SET "target" = lower(btrim("target")) WHERE "target" LIKE '%@%';
--> statement-breakpoint
-- Login failures in a row per login name (user or operator, known or not), and the lock they earned.
CREATE TABLE "login_attempts" (
  "subject" text PRIMARY KEY NOT NULL,
  "failures" integer DEFAULT 0 NOT NULL,
  "locked_until" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Outbox rows that carry a verification code: shown masked to every operator but an admin, and to
-- everyone once delivered (a delivered row is stored masked).
ALTER TABLE "outbox" ADD COLUMN "has_code" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "outbox" SET "has_code" = true WHERE "body" ~ '[0-9]{6}';
--> statement-breakpoint
UPDATE "outbox" SET "body" = regexp_replace("body", '[0-9]{6}', '******', 'g') WHERE "has_code" AND "delivered";
