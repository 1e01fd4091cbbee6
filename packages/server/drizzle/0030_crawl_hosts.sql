CREATE TABLE "crawl_hosts" (
	"host" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
