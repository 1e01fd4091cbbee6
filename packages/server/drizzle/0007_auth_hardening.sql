CREATE TABLE "used_sign_in_nonces" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "used_sign_in_nonces_expires_idx" ON "used_sign_in_nonces" USING btree ("expires_at");--> statement-breakpoint
-- Accounts that already exist: a password was set through the sign-up code or a reset link (both
-- mailed), and Google only answers verified e-mails; a Microsoft-only account stays unproved.
UPDATE "users" SET "email_verified_at" = "created_at"
WHERE "password_hash" IS NOT NULL
   OR "id" IN (SELECT "user_id" FROM "identities" WHERE "provider" = 'google');
