ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions signed in for a week before this change end within the new default absolute limit.
UPDATE "sessions" SET "expires_at" = LEAST("expires_at", now() + interval '12 hours') WHERE "revoked_at" IS NULL;
