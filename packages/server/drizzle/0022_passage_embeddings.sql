CREATE TABLE "knowledge_chunk_vectors" (
	"chunk_id" bigint PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"model" text NOT NULL,
	"vector" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_faq_vectors" (
	"faq_id" integer PRIMARY KEY NOT NULL,
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"model" text NOT NULL,
	"vector" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunk_vectors" ADD CONSTRAINT "knowledge_chunk_vectors_chunk_id_knowledge_chunks_id_fk" FOREIGN KEY ("chunk_id") REFERENCES "public"."knowledge_chunks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunk_vectors" ADD CONSTRAINT "knowledge_chunk_vectors_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_chunk_vectors" ADD CONSTRAINT "knowledge_chunk_vectors_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_faq_vectors" ADD CONSTRAINT "product_faq_vectors_faq_id_product_faqs_id_fk" FOREIGN KEY ("faq_id") REFERENCES "public"."product_faqs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_faq_vectors" ADD CONSTRAINT "product_faq_vectors_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_faq_vectors" ADD CONSTRAINT "product_faq_vectors_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_chunk_vectors_product_idx" ON "knowledge_chunk_vectors" USING btree ("institution_id","product_id","model");--> statement-breakpoint
CREATE INDEX "product_faq_vectors_product_idx" ON "product_faq_vectors" USING btree ("institution_id","product_id","model");