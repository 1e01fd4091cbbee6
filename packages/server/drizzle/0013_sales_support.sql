CREATE TABLE "allowed_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "allowed_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"seller_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "record_fields" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "record_fields_institution_id_product_id_kind_pk" PRIMARY KEY("institution_id","product_id","kind")
);
--> statement-breakpoint
CREATE TABLE "sales_entries" (
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"phone_number" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_entries_institution_id_product_id_phone_number_pk" PRIMARY KEY("institution_id","product_id","phone_number")
);
--> statement-breakpoint
CREATE TABLE "sales_records" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sales_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"kind" text NOT NULL,
	"seller_number" text NOT NULL,
	"seller_name" text NOT NULL,
	"company" text,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_channels" (
	"institution_id" integer NOT NULL,
	"product_id" integer PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"access_token" text,
	"app_secret" text,
	"verify_token" text,
	"verify_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "whatsapp_messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"institution_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"wa_message_id" text,
	"direction" text NOT NULL,
	"phone_number" text,
	"body" text,
	"type" text DEFAULT 'text' NOT NULL,
	"status" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "allowed_numbers" ADD CONSTRAINT "allowed_numbers_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowed_numbers" ADD CONSTRAINT "allowed_numbers_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_fields" ADD CONSTRAINT "record_fields_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_fields" ADD CONSTRAINT "record_fields_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_entries" ADD CONSTRAINT "sales_entries_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_entries" ADD CONSTRAINT "sales_entries_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_records" ADD CONSTRAINT "sales_records_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_records" ADD CONSTRAINT "sales_records_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD CONSTRAINT "whatsapp_channels_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_channels" ADD CONSTRAINT "whatsapp_channels_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_institution_id_institutions_id_fk" FOREIGN KEY ("institution_id") REFERENCES "public"."institutions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_messages" ADD CONSTRAINT "whatsapp_messages_product_id_institution_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."institution_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "allowed_numbers_number_key" ON "allowed_numbers" USING btree ("institution_id","product_id","phone_number");--> statement-breakpoint
CREATE INDEX "allowed_numbers_list_idx" ON "allowed_numbers" USING btree ("institution_id","product_id","id");--> statement-breakpoint
CREATE INDEX "sales_records_list_idx" ON "sales_records" USING btree ("institution_id","product_id","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_channels_phone_number_id_key" ON "whatsapp_channels" USING btree ("phone_number_id");--> statement-breakpoint
CREATE INDEX "whatsapp_channels_verify_idx" ON "whatsapp_channels" USING btree ("verify_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapp_messages_wa_id_key" ON "whatsapp_messages" USING btree ("wa_message_id");--> statement-breakpoint
CREATE INDEX "whatsapp_messages_assistant_idx" ON "whatsapp_messages" USING btree ("institution_id","product_id","created_at");