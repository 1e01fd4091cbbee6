ALTER TABLE "websites" ADD COLUMN "owner_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "owner_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "owner_check" text;--> statement-breakpoint
ALTER TABLE "websites" ADD COLUMN "owner_checked_at" timestamp with time zone;