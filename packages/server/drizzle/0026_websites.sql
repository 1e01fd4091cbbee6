CREATE TABLE "website_pages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "website_pages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"website_id" integer NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"state" text NOT NULL,
	"reason" text,
	"kind" text,
	"depth" integer NOT NULL,
	"seen_generation" integer NOT NULL,
	"visited_generation" integer DEFAULT 0 NOT NULL,
	"etag" text,
	"last_modified" text,
	"fingerprint" text,
	"passages" integer DEFAULT 0 NOT NULL,
	"fetched_at" timestamp with time zone,
	"changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "websites" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "websites_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"max_pages" integer NOT NULL,
	"include" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"exclude" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule" text NOT NULL,
	"state" text NOT NULL,
	"reason" text,
	"generation" integer DEFAULT 1 NOT NULL,
	"robots" text,
	"robots_fetched_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_chunks" ADD COLUMN "page_id" bigint;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD COLUMN "page_id" bigint;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "website_pages" ADD CONSTRAINT "website_pages_website_id_websites_id_fk" FOREIGN KEY ("website_id") REFERENCES "public"."websites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websites" ADD CONSTRAINT "websites_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "website_pages_url_idx" ON "website_pages" USING btree ("website_id","url");--> statement-breakpoint
CREATE INDEX "website_pages_frontier_idx" ON "website_pages" USING btree ("website_id","seen_generation","visited_generation","depth","id");--> statement-breakpoint
CREATE INDEX "website_pages_product_idx" ON "website_pages" USING btree ("institution_id","product_id","website_id");--> statement-breakpoint
CREATE INDEX "websites_product_idx" ON "websites" USING btree ("institution_id","product_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "websites_product_url_idx" ON "websites" USING btree ("product_id","url");--> statement-breakpoint
CREATE INDEX "knowledge_chunks_page_idx" ON "knowledge_chunks" USING btree ("page_id");--> statement-breakpoint
CREATE INDEX "knowledge_terms_page_idx" ON "knowledge_terms" USING btree ("page_id");--> statement-breakpoint
-- hand-written: a page's passages and their terms go with it (schema.ts cannot reference
-- websites-schema.ts, which imports it).
ALTER TABLE "knowledge_chunks" ADD CONSTRAINT "knowledge_chunks_page_id_website_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."website_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_page_id_website_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."website_pages"("id") ON DELETE cascade ON UPDATE no action;
