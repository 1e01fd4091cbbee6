ALTER TABLE "jobs" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "jobs_tenant_due_idx" ON "jobs" USING btree (coalesce("institution_id", 0),"run_at","id") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "jobs_tenant_claimed_idx" ON "jobs" USING btree (coalesce("institution_id", 0),"claimed_at");