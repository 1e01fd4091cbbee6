ALTER TABLE "sales_order_lines" ADD COLUMN "product_id" integer;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD COLUMN "created_at" timestamp with time zone;--> statement-breakpoint
UPDATE "sales_order_lines" l SET "product_id" = r."product_id", "created_at" = r."created_at" FROM "sales_records" r WHERE r."id" = l."record_id";--> statement-breakpoint
ALTER TABLE "sales_order_lines" ALTER COLUMN "product_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ALTER COLUMN "created_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_lines_range_idx" ON "sales_order_lines" USING btree ("product_id","created_at");
