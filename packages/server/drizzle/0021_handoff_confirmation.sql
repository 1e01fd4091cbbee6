-- Issue 29: a handoff address receives visitors' contacts only once confirmed by a mailed link.
-- Addresses saved before this migration are NOT confirmed (handoff_confirmed_email stays null, no
-- token is made): their contact mails stop until someone with trainer.manage presses Resend on the
-- trainer page (which shows "Waiting for confirmation") and the link is opened. Contacts left
-- meanwhile are stored and listed in the console as before. Nothing vouches for an address nobody
-- has shown they read.
ALTER TABLE "institution_products" ADD COLUMN "handoff_confirmed_email" text;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "handoff_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "handoff_token_hash" text;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "handoff_token_email" text;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "handoff_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "institution_products_handoff_token_key" ON "institution_products" USING btree ("handoff_token_hash");