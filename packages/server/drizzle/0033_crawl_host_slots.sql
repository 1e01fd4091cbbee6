CREATE TABLE "crawl_host_slots" (
	"host" text NOT NULL,
	"slot" smallint NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"holder" text NOT NULL,
	CONSTRAINT "crawl_host_slots_host_slot_pk" PRIMARY KEY("host","slot")
);
