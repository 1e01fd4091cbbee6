CREATE TABLE "institution_retention" (
	"institution_id" integer PRIMARY KEY NOT NULL,
	"conversations_days" integer,
	"contacts_days" integer,
	"whatsapp_days" integer,
	"records_days" integer,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"last_run_at" timestamp with time zone,
	"last_run" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "institution_retention" ADD CONSTRAINT "institution_retention_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written
-- The conversations' figures outlive the text (issue 36): the trigger of migration 0010, which
-- skips the dashboards' grains when the transaction set `conversa.keep_stats`.
CREATE OR REPLACE FUNCTION "conversation_stats_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT 1 AS sign, * FROM new_rows UNION ALL SELECT -1 AS sign, * FROM old_rows'
  END;
  counted_at text := $sql$
    SELECT c.*, date_bin(%L::interval, c.created_at, timestamptz '2000-01-01') AS bucket,
      (c.contact IS NOT NULL)::integer AS has_contact, c.handoff::integer AS has_handoff
    FROM (%s) AS c
    WHERE c.channel <> 'preview' AND EXISTS (SELECT 1 FROM institution_products a WHERE a.id = c.product_id)
  $sql$;
  grain record;
  counted text;
BEGIN
  -- A purge that keeps the figures (retention, erasure, a visitor deleting their conversation)
  -- says so for its transaction: the dashboards' stats and lengths stay, the list's totals follow.
  IF coalesce(current_setting('conversa.keep_stats', true), '') <> 'on' THEN
  FOR grain IN SELECT * FROM (VALUES ('15 minutes', ''), ('1 hour', '_hourly')) AS g(width, suffix) LOOP
    counted := format(counted_at, grain.width, changed);
    EXECUTE format($sql$
      INSERT INTO %I AS s
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
    $sql$, 'conversation_stats' || grain.suffix, counted);
    EXECUTE format($sql$
      INSERT INTO %I AS s (institution_id, product_id, bucket, messages, conversations)
      SELECT c.institution_id, c.product_id, c.bucket, c.message_count, sum(c.sign)
      FROM (%s) AS c
      GROUP BY 1, 2, 3, 4
      HAVING sum(c.sign) <> 0
      ON CONFLICT (institution_id, product_id, bucket, messages) DO UPDATE SET
        conversations = s.conversations + excluded.conversations
    $sql$, 'conversation_lengths' || grain.suffix, counted);
  END LOOP;
  END IF;
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
  $sql$, format(counted_at, '15 minutes', changed));
  RETURN NULL;
END
$$;
