CREATE TABLE "knowledge_term_totals" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL,
	CONSTRAINT "knowledge_term_totals_institution_id_product_id_lexeme_pk" PRIMARY KEY("institution_id","product_id","lexeme")
);
--> statement-breakpoint
CREATE TABLE "knowledge_terms" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"file_id" integer,
	"source" text NOT NULL,
	"lexeme" text NOT NULL,
	"chunks" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "knowledge_term_totals" ADD CONSTRAINT "knowledge_term_totals_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_term_totals" ADD CONSTRAINT "knowledge_term_totals_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "knowledge_terms" ADD CONSTRAINT "knowledge_terms_file_id_product_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."product_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "knowledge_terms_scope_idx" ON "knowledge_terms" USING btree ("institution_id","product_id","file_id");--> statement-breakpoint
-- knowledge_term_totals follows knowledge_terms: each changed statement adds its new rows and
-- subtracts its old ones, per assistant and lexeme, in lexeme order (writers lock rows alike);
-- a lexeme no chunk holds any more is dropped.
CREATE OR REPLACE FUNCTION "knowledge_term_totals_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO knowledge_term_totals AS t (institution_id, product_id, lexeme, chunks)
    SELECT institution_id, product_id, lexeme, sum(chunks) FROM new_rows
    GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
    ON CONFLICT (institution_id, product_id, lexeme) DO UPDATE SET chunks = t.chunks + excluded.chunks;
  ELSE
    UPDATE knowledge_term_totals AS t SET chunks = t.chunks - d.chunks
    FROM (SELECT institution_id, product_id, lexeme, sum(chunks) AS chunks FROM old_rows GROUP BY 1, 2, 3) AS d
    WHERE t.institution_id = d.institution_id AND t.product_id = d.product_id AND t.lexeme = d.lexeme;
    DELETE FROM knowledge_term_totals AS t USING (SELECT DISTINCT institution_id, product_id FROM old_rows) AS d
    WHERE t.institution_id = d.institution_id AND t.product_id = d.product_id AND t.chunks <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The knowledge indexed before this migration: the stats of each file's chunks, and of each
-- knowledge-base text's, as `replaceChunks` writes them from now on (the totals follow below).
INSERT INTO "knowledge_terms" ("institution_id", "product_id", "file_id", "source", "lexeme", "chunks")
SELECT scope.institution_id, scope.product_id, scope.file_id, scope.source, stat.word, stat.ndoc
FROM (SELECT DISTINCT institution_id, product_id, file_id, source FROM knowledge_chunks) AS scope,
  LATERAL ts_stat(format(
    'select tsv from knowledge_chunks where institution_id = %s and product_id = %s and %s',
    scope.institution_id, scope.product_id,
    CASE WHEN scope.file_id IS NULL THEN format('file_id is null and source = %L', scope.source)
      ELSE format('file_id = %s', scope.file_id) END)) AS stat
UNION ALL
SELECT institution_id, product_id, file_id, source, '', count(*)::integer
FROM knowledge_chunks GROUP BY institution_id, product_id, file_id, source;
--> statement-breakpoint
INSERT INTO "knowledge_term_totals" ("institution_id", "product_id", "lexeme", "chunks")
SELECT "institution_id", "product_id", "lexeme", sum("chunks") FROM "knowledge_terms" GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE TRIGGER "knowledge_term_totals_insert" AFTER INSERT ON "knowledge_terms"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_term_totals_keep"();
--> statement-breakpoint
CREATE TRIGGER "knowledge_term_totals_delete" AFTER DELETE ON "knowledge_terms"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "knowledge_term_totals_keep"();
