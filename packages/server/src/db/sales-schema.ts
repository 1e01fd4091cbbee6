/**
 * The tables of sales support (docs/architecture.md#sales-support): the WhatsApp channels and their
 * messages, sellers' unfinished entries, the fields an institution adds, and the leads and orders.
 */
import type { FieldValues } from '@conversa/contract/records';
import type { FieldDefinition } from '@conversa/contract/sales';
import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { assistantRef, createdAt, institutionRef, updatedAt } from './schema';

/**
 * An assistant's WhatsApp Cloud API channel: its number's id (one assistant per number) and the
 * secrets Meta gave, sealed (sales/whatsapp/sealed.ts); never returned by any route.
 */
export const whatsappChannels = pgTable(
  'whatsapp_channels',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef().primaryKey(),
    phoneNumberId: text('phone_number_id').notNull(),
    accessToken: text('access_token'),
    appSecret: text('app_secret'),
    verifyToken: text('verify_token'),
    /** SHA-256 of the verify token (hex): the handshake finds the channel without opening every seal. */
    verifyTokenHash: text('verify_token_hash'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_channels_phone_number_id_key').on(t.phoneNumberId),
    index('whatsapp_channels_verify_idx').on(t.verifyTokenHash),
  ],
);

/**
 * Every WhatsApp message in or out of a channel: incoming ones once each (Meta's id is unique, so a
 * delivery repeated is recorded once and acted on once), our replies with their delivery state.
 */
export const whatsappMessages = pgTable(
  'whatsapp_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** Meta's message id (`wamid…`); null for a reply not sent yet. */
    waMessageId: text('wa_message_id'),
    direction: text('direction').notNull(),
    /** The seller's number (E.164); null for a sender known only by a user id. */
    phoneNumber: text('phone_number'),
    body: text('body'),
    type: text('type').notNull().default('text'),
    /** Replies: the incoming message they answer (a retried job sends what it queued, never twice). */
    replyTo: bigint('reply_to', { mode: 'number' }),
    /** Replies: `queued`, `sent`, `delivered`, `read`, `failed`. */
    status: text('status'),
    error: text('error'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_wa_id_key').on(t.waMessageId),
    index('whatsapp_messages_assistant_idx').on(t.institutionId, t.assistantId, t.createdAt),
    index('whatsapp_messages_reply_to_idx').on(t.replyTo),
  ],
);

/** A seller's unfinished lead or order (the dialog's state, sales/entry-dialog.ts): one per seller and assistant. */
export const salesEntries = pgTable(
  'sales_entries',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    phoneNumber: text('phone_number').notNull(),
    state: jsonb('state').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.assistantId, t.phoneNumber] })],
);

/** The fields an institution adds to its leads and orders, per sales-support assistant, in order. */
export const recordFields = pgTable(
  'record_fields',
  {
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** `lead` or `order`. */
    kind: text('kind').notNull(),
    fields: jsonb('fields').$type<FieldDefinition[]>().notNull().default([]),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.institutionId, t.assistantId, t.kind] })],
);

/**
 * A lead or a purchase order, entered by a seller on WhatsApp (their number and name as they were,
 * the messages it came from) or by staff in the console (their name, no number). A lead has its
 * contact; an order its lines (`sales_order_lines`); both the values of the institution's configured
 * fields by key (as validated then: a field removed since keeps its value). `search` is what the
 * list's text search reads: company, contact, notes, lines' codes and descriptions, lower-cased.
 */
export const salesRecords = pgTable(
  'sales_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    institutionId: institutionRef(),
    assistantId: assistantRef(),
    /** `lead` or `order`. */
    kind: text('kind').notNull(),
    company: text('company').notNull(),
    contactName: text('contact_name'),
    phone: text('phone'),
    email: text('email'),
    notes: text('notes'),
    fields: jsonb('fields').$type<FieldValues>().notNull().default({}),
    sellerName: text('seller_name').notNull(),
    /** E.164; null for a record staff created. */
    sellerNumber: text('seller_number'),
    messageIds: text('message_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    search: text('search').notNull().default(''),
    /** An order's lines and their total quantity, written with its lines (the orders dashboard sums them). */
    lineCount: integer('line_count').notNull().default(0),
    quantity: doublePrecision('quantity').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sales_records_list_idx').on(t.institutionId, t.assistantId, t.kind, t.createdAt),
    // The list sorted by company reads this index in order: the sort key, lower-cased, then the id.
    index('sales_records_company_idx').on(
      t.institutionId,
      t.assistantId,
      t.kind,
      sql`lower(${t.company})`,
      t.id,
    ),
    // The seller filter: the lower-cased name, newest first.
    index('sales_records_seller_idx').on(
      t.institutionId,
      t.assistantId,
      t.kind,
      sql`lower(${t.sellerName})`,
      t.createdAt,
    ),
    // The company filter (`ilike '%…%'`): trigrams of the lower-cased name.
    index('sales_records_company_trgm_idx')
      .using('gin', sql`lower(${t.company}) gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
    index('sales_records_search_trgm_idx')
      .using('gin', sql`${t.search} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 256 }),
  ],
);

/** An order's lines, in order. */
export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    recordId: integer('record_id')
      .notNull()
      .references(() => salesRecords.id, { onDelete: 'cascade' }),
    institutionId: institutionRef(),
    position: integer('position').notNull(),
    productCode: text('product_code').notNull(),
    productDescription: text('product_description'),
    quantity: doublePrecision('quantity').notNull(),
    /** The order's assistant and entry time, copied: the orders dashboard reads a range's lines alone. */
    assistantId: assistantRef(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.position] }),
    index('sales_order_lines_product_idx').on(t.institutionId, t.productCode),
    index('sales_order_lines_range_idx').on(t.assistantId, t.createdAt),
  ],
);

/** Each change of a lead or an order: who, when, and each field's value before and after. */
export const salesRecordHistory = pgTable(
  'sales_record_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recordId: integer('record_id')
      .notNull()
      .references(() => salesRecords.id, { onDelete: 'cascade' }),
    institutionId: institutionRef(),
    /** `created` or `updated`. */
    action: text('action').notNull(),
    byName: text('by_name').notNull(),
    byUserId: integer('by_user_id'),
    changes: jsonb('changes').$type<Record<string, { from: unknown; to: unknown }>>().notNull().default({}),
    at: createdAt(),
  },
  (t) => [index('sales_record_history_record_idx').on(t.recordId, t.id)],
);
