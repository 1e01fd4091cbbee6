CREATE TABLE "crawl_host_budget" (
	"host" text NOT NULL,
	"day" date NOT NULL,
	"pages" integer NOT NULL,
	CONSTRAINT "crawl_host_budget_host_day_pk" PRIMARY KEY("host","day")
);
