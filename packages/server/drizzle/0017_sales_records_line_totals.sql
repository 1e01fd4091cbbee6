ALTER TABLE "sales_records" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "quantity" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The orders already there (records.repo.ts writes them with each order from now on).
UPDATE "sales_records" r SET "line_count" = t.n, "quantity" = t.q
FROM (SELECT "record_id", count(*)::int AS n, sum("quantity") AS q FROM "sales_order_lines" GROUP BY 1) AS t
WHERE r."id" = t."record_id";
