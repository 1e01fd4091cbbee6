CREATE TABLE "conversation_lengths" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"messages" integer NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_lengths_institution_id_product_id_bucket_messages_pk" PRIMARY KEY("institution_id","product_id","bucket","messages")
);
--> statement-breakpoint
CREATE TABLE "conversation_stats" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"handed_off" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_stats_institution_id_product_id_bucket_pk" PRIMARY KEY("institution_id","product_id","bucket")
);
--> statement-breakpoint
CREATE TABLE "conversation_totals" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"handed_off" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"handed_off_contacts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_totals_institution_id_product_id_pk" PRIMARY KEY("institution_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "questions" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "answered" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "handed_off" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "unanswered" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_lengths" ADD CONSTRAINT "conversation_lengths_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_lengths" ADD CONSTRAINT "conversation_lengths_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stats" ADD CONSTRAINT "conversation_stats_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stats" ADD CONSTRAINT "conversation_stats_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_totals" ADD CONSTRAINT "conversation_totals_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_totals" ADD CONSTRAINT "conversation_totals_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each conversation's counters and unanswered questions (those whose answer did not know or
-- offered a human), from its messages.
UPDATE "conversations" AS c SET
  "questions" = m.questions,
  "answered" = m.answered,
  "handed_off" = m.handed_off,
  "unanswered" = m.unanswered
FROM (
  SELECT "conversation_id",
    count(*) FILTER (WHERE "role" = 'user')::integer AS questions,
    count(*) FILTER (WHERE "role" = 'assistant' AND "answered")::integer AS answered,
    count(*) FILTER (WHERE "role" = 'assistant' AND "handoff")::integer AS handed_off,
    coalesce(array_agg("content" ORDER BY "id") FILTER (
      WHERE "role" = 'user' AND next_role = 'assistant' AND (NOT next_answered OR next_handoff)
    ), '{}') AS unanswered
  FROM (
    SELECT "conversation_id", "id", "role", "content", "answered", "handoff",
      lead("role") OVER w AS next_role, lead("answered") OVER w AS next_answered,
      lead("handoff") OVER w AS next_handoff
    FROM "messages" WINDOW w AS (PARTITION BY "conversation_id" ORDER BY "id")
  ) AS each_message
  GROUP BY "conversation_id"
) AS m
WHERE m."conversation_id" = c."id";
--> statement-breakpoint
-- Keeps conversation_stats, conversation_totals and conversation_lengths: each changed conversation
-- counts +1 as it is now (new_rows) and -1 as it was (old_rows); an insert has only the first, a
-- delete only the second. Preview conversations (channel 'preview', PREVIEW_CHANNEL in the server)
-- are not counted. Nothing is written for an assistant being deleted (its rows go with it) or for
-- a change of no figure (most updates: the last interaction, an overview).
CREATE FUNCTION "conversation_stats_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  counted text := $sql$
    SELECT c.*, date_bin('15 minutes', c.created_at, timestamptz '2000-01-01') AS bucket,
      (c.contact IS NOT NULL)::integer AS has_contact, c.handoff::integer AS has_handoff
    FROM (%s) AS c
    WHERE c.channel <> 'preview' AND EXISTS (SELECT 1 FROM institution_products a WHERE a.id = c.product_id)
  $sql$;
BEGIN
  counted := format(counted, changed);
  EXECUTE format($sql$
    INSERT INTO conversation_stats AS s
      (institution_id, product_id, bucket, conversations, contacts, questions, answered, handed_off)
    SELECT c.institution_id, c.product_id, c.bucket, sum(c.sign), sum(c.sign * c.has_contact),
      sum(c.sign * c.questions), sum(c.sign * c.answered), sum(c.sign * c.handed_off)
    FROM (%s) AS c
    GROUP BY 1, 2, 3
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.has_contact) <> 0 OR sum(c.sign * c.questions) <> 0
      OR sum(c.sign * c.answered) <> 0 OR sum(c.sign * c.handed_off) <> 0
    ON CONFLICT (institution_id, product_id, bucket) DO UPDATE SET
      conversations = s.conversations + excluded.conversations,
      contacts = s.contacts + excluded.contacts,
      questions = s.questions + excluded.questions,
      answered = s.answered + excluded.answered,
      handed_off = s.handed_off + excluded.handed_off
  $sql$, counted);
  EXECUTE format($sql$
    INSERT INTO conversation_totals AS s
      (institution_id, product_id, conversations, handed_off, contacts, handed_off_contacts)
    SELECT c.institution_id, c.product_id, sum(c.sign), sum(c.sign * c.has_handoff),
      sum(c.sign * c.has_contact), sum(c.sign * c.has_handoff * c.has_contact)
    FROM (%s) AS c
    GROUP BY 1, 2
    HAVING sum(c.sign) <> 0 OR sum(c.sign * c.has_handoff) <> 0 OR sum(c.sign * c.has_contact) <> 0
    ON CONFLICT (institution_id, product_id) DO UPDATE SET
      conversations = s.conversations + excluded.conversations,
      handed_off = s.handed_off + excluded.handed_off,
      contacts = s.contacts + excluded.contacts,
      handed_off_contacts = s.handed_off_contacts + excluded.handed_off_contacts
  $sql$, counted);
  EXECUTE format($sql$
    INSERT INTO conversation_lengths AS s (institution_id, product_id, bucket, messages, conversations)
    SELECT c.institution_id, c.product_id, c.bucket, c.message_count, sum(c.sign)
    FROM (%s) AS c
    GROUP BY 1, 2, 3, 4
    HAVING sum(c.sign) <> 0
    ON CONFLICT (institution_id, product_id, bucket, messages) DO UPDATE SET
      conversations = s.conversations + excluded.conversations
  $sql$, counted);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The figures of the conversations already there.
INSERT INTO "conversation_stats"
  ("institution_id", "product_id", "bucket", "conversations", "contacts", "questions", "answered", "handed_off")
SELECT "institution_id", "product_id", date_bin('15 minutes', "created_at", timestamptz '2000-01-01'),
  count(*), count("contact"), sum("questions"), sum("answered"), sum("handed_off")
FROM "conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "conversation_totals"
  ("institution_id", "product_id", "conversations", "handed_off", "contacts", "handed_off_contacts")
SELECT "institution_id", "product_id", count(*), count(*) FILTER (WHERE "handoff"), count("contact"),
  count("contact") FILTER (WHERE "handoff")
FROM "conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "conversation_lengths" ("institution_id", "product_id", "bucket", "messages", "conversations")
SELECT "institution_id", "product_id", date_bin('15 minutes', "created_at", timestamptz '2000-01-01'),
  "message_count", count(*)
FROM "conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
CREATE TRIGGER "conversation_stats_insert" AFTER INSERT ON "conversations"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_stats_keep"();
--> statement-breakpoint
CREATE TRIGGER "conversation_stats_update" AFTER UPDATE ON "conversations"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_stats_keep"();
--> statement-breakpoint
CREATE TRIGGER "conversation_stats_delete" AFTER DELETE ON "conversations"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "conversation_stats_keep"();
