CREATE TABLE "conversation_lengths_hourly" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"messages" integer NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_lengths_hourly_institution_id_product_id_bucket_messages_pk" PRIMARY KEY("institution_id","product_id","bucket","messages")
);
--> statement-breakpoint
CREATE TABLE "conversation_stats_hourly" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"conversations" integer DEFAULT 0 NOT NULL,
	"contacts" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"handed_off" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_stats_hourly_institution_id_product_id_bucket_pk" PRIMARY KEY("institution_id","product_id","bucket")
);
--> statement-breakpoint
ALTER TABLE "conversation_lengths_hourly" ADD CONSTRAINT "conversation_lengths_hourly_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_lengths_hourly" ADD CONSTRAINT "conversation_lengths_hourly_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stats_hourly" ADD CONSTRAINT "conversation_stats_hourly_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_stats_hourly" ADD CONSTRAINT "conversation_stats_hourly_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The same figures by the hour: the trigger now keeps both grains, one loop over them (the totals
-- have no grain). The quarter hours stay for the zones whose days start at :30 or :45.
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
--> statement-breakpoint
INSERT INTO "conversation_stats_hourly"
  ("institution_id", "product_id", "bucket", "conversations", "contacts", "questions", "answered", "handed_off")
SELECT "institution_id", "product_id", date_bin('1 hour', "created_at", timestamptz '2000-01-01'),
  count(*), count("contact"), sum("questions"), sum("answered"), sum("handed_off")
FROM "conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO "conversation_lengths_hourly" ("institution_id", "product_id", "bucket", "messages", "conversations")
SELECT "institution_id", "product_id", date_bin('1 hour', "created_at", timestamptz '2000-01-01'),
  "message_count", count(*)
FROM "conversations" WHERE "channel" <> 'preview' GROUP BY 1, 2, 3, 4;
