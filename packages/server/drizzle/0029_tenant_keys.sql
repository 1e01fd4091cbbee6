-- Foreign keys that name the tenant (docs/architecture.md#data): the unique indexes they
-- reference come first.
ALTER TABLE "knowledge_chunks" DROP CONSTRAINT "knowledge_chunks_file_id_product_files_id_fk";
--> statement-breakpoint
ALTER TABLE "knowledge_terms" DROP CONSTRAINT "knowledge_terms_file_id_product_files_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_conversation_id_conversations_id_fk";
--> statement-breakpoint
DROP INDEX "product_files_product_idx";
--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_tenant_idx" ON "conversations" USING btree ("institution_id","id");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_files_product_idx" ON "product_files" USING btree ("institution_id","product_id","id");
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_file_fk" FOREIGN KEY ("institution_id","product_id","file_id") REFERENCES "public"."product_files"("institution_id","product_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_file_fk" FOREIGN KEY ("institution_id","product_id","file_id") REFERENCES "public"."product_files"("institution_id","product_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_fk" FOREIGN KEY ("institution_id","conversation_id") REFERENCES "public"."conversations"("institution_id","id") ON DELETE cascade ON UPDATE no action;
