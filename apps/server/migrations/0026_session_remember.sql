-- Stay logged in (issue 16): a session the user asked to remember keeps its fixed 30-day expiry; any
-- other one ends after a short time without use, its expiry moved forward as it is used. Sessions made
-- before this option existed were all long-lived, hence the default.
ALTER TABLE "sessions" ADD COLUMN "remembered" boolean DEFAULT true NOT NULL;
