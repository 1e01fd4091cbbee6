DROP INDEX "sales_records_company_idx";--> statement-breakpoint
CREATE INDEX "sales_records_seller_idx" ON "sales_records" USING btree ("institution_id","product_id","kind",lower("seller_name"),"created_at");--> statement-breakpoint
CREATE INDEX "sales_records_company_trgm_idx" ON "sales_records" USING gin (lower("company") gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "sales_records_company_idx" ON "sales_records" USING btree ("institution_id","product_id","kind",lower("company"),"id");