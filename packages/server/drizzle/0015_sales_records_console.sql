CREATE TABLE "sales_order_lines" (
	"record_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"position" integer NOT NULL,
	"product_code" text NOT NULL,
	"product_description" text,
	"quantity" double precision NOT NULL,
	CONSTRAINT "sales_order_lines_record_id_position_pk" PRIMARY KEY("record_id","position")
);
--> statement-breakpoint
CREATE TABLE "sales_record_history" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_record_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"record_id" integer NOT NULL,
	"institution_id" integer NOT NULL,
	"action" text NOT NULL,
	"by_name" text NOT NULL,
	"by_user_id" integer,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_records" ALTER COLUMN "seller_number" DROP NOT NULL;--> statement-breakpoint
UPDATE "sales_records" SET "company" = coalesce("company", "values"->>'company', '');--> statement-breakpoint
ALTER TABLE "sales_records" ALTER COLUMN "company" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "contact_name" text;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "email" text;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "search" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_records" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_record_id_sales_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."sales_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_lines" ADD CONSTRAINT "sales_order_lines_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_record_history" ADD CONSTRAINT "sales_record_history_record_id_sales_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."sales_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_record_history" ADD CONSTRAINT "sales_record_history_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_order_lines_product_idx" ON "sales_order_lines" USING btree ("institution_id","product_code");--> statement-breakpoint
CREATE INDEX "sales_record_history_record_idx" ON "sales_record_history" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "sales_records_company_idx" ON "sales_records" USING btree ("institution_id","product_id","kind","company");--> statement-breakpoint
CREATE INDEX "sales_records_search_trgm_idx" ON "sales_records" USING gin ("search" gin_trgm_ops) WITH (gin_pending_list_limit=256);--> statement-breakpoint
-- The records entered before: the built-in values become columns, the lines rows, the rest the
-- configured fields; each gets its "created" history entry.
UPDATE "sales_records" SET
  "contact_name" = "values"->>'contact',
  "phone" = "values"->>'phone',
  "email" = "values"->>'email',
  "notes" = "values"->>'notes',
  "fields" = "values" - 'company' - 'contact' - 'phone' - 'email' - 'notes',
  "updated_at" = "created_at";--> statement-breakpoint
INSERT INTO "sales_order_lines" ("record_id", "institution_id", "position", "product_code", "product_description", "quantity")
  SELECT r."id", r."institution_id", l.n - 1, l.line->>'product_code', l.line->>'description', (l.line->>'quantity')::double precision
  FROM "sales_records" r, jsonb_array_elements(r."lines") WITH ORDINALITY AS l(line, n);--> statement-breakpoint
UPDATE "sales_records" r SET "search" = lower(concat_ws(' ', r."company", r."contact_name", r."notes",
  (SELECT string_agg(concat_ws(' ', o."product_code", o."product_description"), ' ') FROM "sales_order_lines" o WHERE o."record_id" = r."id")));--> statement-breakpoint
INSERT INTO "sales_record_history" ("record_id", "institution_id", "action", "by_name", "created_at")
  SELECT "id", "institution_id", 'created', "seller_name", "created_at" FROM "sales_records";--> statement-breakpoint
ALTER TABLE "sales_records" DROP COLUMN "values";--> statement-breakpoint
ALTER TABLE "sales_records" DROP COLUMN "lines";