CREATE TABLE "crawl_budget" (
	"institution_id" integer NOT NULL,
	"day" date NOT NULL,
	"pages" integer NOT NULL,
	CONSTRAINT "crawl_budget_institution_id_day_pk" PRIMARY KEY("institution_id","day")
);
--> statement-breakpoint
CREATE TABLE "crawl_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crawl_budget" ADD CONSTRAINT "crawl_budget_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;