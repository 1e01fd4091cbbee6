ALTER TABLE "institution_products" ADD COLUMN "live_chat" jsonb DEFAULT '{"enabled":false,"time_zone":"UTC","hours":[],"wait_minutes":5,"notify_after_minutes":3}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status" text DEFAULT 'assistant' NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "status_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "agent_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "agent_name" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_live_idx" ON "conversations" USING btree ("institution_id","product_id","status") WHERE "conversations"."status" <> 'assistant';