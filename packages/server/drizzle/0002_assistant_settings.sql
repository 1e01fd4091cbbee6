CREATE TABLE "product_faqs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "product_faqs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "suggested_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "handoff" jsonb;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "public_link_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "snippet" jsonb DEFAULT '{"allowed_origins":[],"color":"#2563eb","position":"right","greeting":""}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "institution_products" ADD COLUMN "knowledge_base" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_faqs" ADD CONSTRAINT "product_faqs_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_faqs" ADD CONSTRAINT "product_faqs_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_faqs_product_idx" ON "product_faqs" USING btree ("institution_id","product_id","position");