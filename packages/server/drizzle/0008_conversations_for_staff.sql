ALTER TABLE "conversations" ALTER COLUMN "overview" SET DATA TYPE jsonb USING "overview"::jsonb;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "message_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_question" text;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handoff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_started_idx" ON "conversations" USING btree ("institution_id","product_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("institution_id","created_at");--> statement-breakpoint
UPDATE "messages" SET "answered" = false WHERE "role" = 'assistant' AND "sources" = '[]'::jsonb;--> statement-breakpoint
UPDATE "conversations" AS c SET
  "message_count" = m.n,
  "first_question" = m.first_question,
  "handoff" = m.handoff
FROM (
  SELECT "conversation_id", count(*)::integer AS n,
    (array_agg("content" ORDER BY "id") FILTER (WHERE "role" = 'user'))[1] AS first_question,
    bool_or("handoff") AS handoff
  FROM "messages" GROUP BY "conversation_id"
) AS m
WHERE m."conversation_id" = c."id";
