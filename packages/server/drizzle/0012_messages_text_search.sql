-- pg_trgm ships with PostgreSQL (contrib) and is a trusted extension: the database's owner may add it.
-- PGlite loads it in createPglite (db/database.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops) WITH (gin_pending_list_limit=256);
