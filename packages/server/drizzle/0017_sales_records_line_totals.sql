ALTER TABLE "sales_records" ADD COLUMN "line_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "quantity" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
-- An order's line count and total quantity (the orders dashboard sums them instead of reading every
-- line), counted again from its lines whenever a statement changes them: exact, no running sums.
CREATE FUNCTION "sales_records_line_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT record_id) INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT record_id) INTO changed FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT record_id) INTO changed
    FROM (SELECT record_id FROM old_rows UNION SELECT record_id FROM new_rows) AS c;
  END IF;
  UPDATE sales_records r SET line_count = t.n, quantity = t.q
  FROM (
    SELECT c.id, count(l.record_id)::int AS n, coalesce(sum(l.quantity), 0) AS q
    FROM unnest(changed) AS c(id) LEFT JOIN sales_order_lines l ON l.record_id = c.id
    GROUP BY c.id
  ) AS t
  WHERE r.id = t.id AND (r.line_count, r.quantity) IS DISTINCT FROM (t.n, t.q);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The orders already there.
UPDATE "sales_records" r SET "line_count" = t.n, "quantity" = t.q
FROM (SELECT "record_id", count(*)::int AS n, sum("quantity") AS q FROM "sales_order_lines" GROUP BY 1) AS t
WHERE r."id" = t."record_id";
--> statement-breakpoint
CREATE TRIGGER "sales_records_line_totals_insert" AFTER INSERT ON "sales_order_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_records_line_totals"();
--> statement-breakpoint
CREATE TRIGGER "sales_records_line_totals_update" AFTER UPDATE ON "sales_order_lines"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_records_line_totals"();
--> statement-breakpoint
CREATE TRIGGER "sales_records_line_totals_delete" AFTER DELETE ON "sales_order_lines"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "sales_records_line_totals"();
