ALTER TABLE "institutions" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "institutions" ADD CONSTRAINT "institutions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "institutions_created_by_idx" ON "institutions" USING btree ("created_by");--> statement-breakpoint
-- Institutions made before the column: their first main member created them.
UPDATE "institutions" SET "created_by" = (
  SELECT "user_id" FROM "memberships"
  WHERE "memberships"."institution_id" = "institutions"."id" AND "memberships"."role" = 'main'
  ORDER BY "memberships"."created_at", "memberships"."user_id" LIMIT 1
) WHERE "created_by" IS NULL;
