-- Queued jobs announce themselves: a NOTIFY on the event bus's channel, which PostgreSQL (and
-- PGlite) deliver when the inserting transaction commits, never before and never for a rollback.
-- The payload is the bus's relayed form: origin "db", topic "jobs" (events/event-bus.ts).
CREATE FUNCTION "conversa_jobs_queued"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('conversa_events', '{"o":"db","t":"jobs","p":null}');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_queued" AFTER INSERT ON "jobs" FOR EACH STATEMENT EXECUTE FUNCTION "conversa_jobs_queued"();
