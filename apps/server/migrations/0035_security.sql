-- Sessions and lockouts (issue 22, security second half): an (account, address) pair remembers its last
-- successful login, which lets that address past the account-wide login lock (accounts/login-throttle.ts).
ALTER TABLE "login_attempts" ADD COLUMN IF NOT EXISTS "succeeded_at" timestamp with time zone;
