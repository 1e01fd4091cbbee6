ALTER TABLE "whatsapp_messages" ADD COLUMN "reply_to" bigint;--> statement-breakpoint
CREATE INDEX "whatsapp_messages_reply_to_idx" ON "whatsapp_messages" USING btree ("reply_to");