/**
 * Leads and purchase orders as the console works them (docs/product.md#what-things-hold): the rows of `GET
 * lead` / `GET order`, what staff send to create and correct them, an order's details, and the
 * lists' filters. Sellers enter the same records on WhatsApp (sales.ts); `fields` holds the values of
 * the fields the institution added, by key.
 */
import * as v from 'valibot';
import { ValidationCode as C } from './codes';
import { IssueSchema, PaginationQuerySchema } from './common';
import { withRange } from './date-range';
import { IdSchema, idsBodySchema, OptionalEmailSchema, optionalText, requiredText } from './fields';
import { FIELD_TEXT_MAX_LENGTH, MAX_ORDER_LINES } from './sales';

export const COMPANY_MAX_LENGTH = 200;
export const CONTACT_NAME_MAX_LENGTH = 200;
export const NOTES_MAX_LENGTH = 2_000;
export const PRODUCT_CODE_MAX_LENGTH = 60;
/** A line's quantity at most. */
export const QUANTITY_MAX = 1_000_000_000;

/** A configured field's value: text, a number, an ISO date, a list's option, an E.164 phone, an e-mail. */
const FieldValueSchema = v.nullable(v.union([v.string(), v.number()], C.invalidValue));
/** Configured fields' values by key; a field removed since keeps its value. */
export const FieldValuesSchema = v.record(v.string(), FieldValueSchema);
export type FieldValues = v.InferOutput<typeof FieldValuesSchema>;

/** Who entered a record: the seller's name (or the staff member's), and their WhatsApp number. */
const entered = {
  seller: v.string(),
  /** E.164; null for a record staff created in the console. */
  seller_number: v.nullable(v.string()),
  created_at: v.string(),
  updated_at: v.string(),
};

export const LeadSchema = v.object({
  id: v.number(),
  institution_product_id: v.number(),
  company: v.string(),
  contact_name: v.string(),
  phone: v.nullable(v.string()),
  email: v.nullable(v.string()),
  notes: v.nullable(v.string()),
  fields: FieldValuesSchema,
  ...entered,
});
export type Lead = v.InferOutput<typeof LeadSchema>;

export const OrderLineSchema = v.object({
  product_code: v.string(),
  product_description: v.nullable(v.string()),
  quantity: v.number(),
});
export type OrderLine = v.InferOutput<typeof OrderLineSchema>;

export const OrderSchema = v.object({
  id: v.number(),
  institution_product_id: v.number(),
  company: v.string(),
  lines: v.array(OrderLineSchema),
  notes: v.nullable(v.string()),
  fields: FieldValuesSchema,
  ...entered,
});
export type Order = v.InferOutput<typeof OrderSchema>;

/** `POST lead` / `PUT lead/{id}` body; phone and configured fields are checked on the server. */
export const LeadBodySchema = v.object({
  institution_product_id: IdSchema,
  company: requiredText(COMPANY_MAX_LENGTH),
  contact_name: requiredText(CONTACT_NAME_MAX_LENGTH),
  phone: optionalText(40),
  email: OptionalEmailSchema,
  notes: optionalText(NOTES_MAX_LENGTH),
  fields: v.optional(FieldValuesSchema, {}),
});
export type LeadBody = v.InferInput<typeof LeadBodySchema>;

export const OrderLineBodySchema = v.object({
  product_code: requiredText(PRODUCT_CODE_MAX_LENGTH),
  product_description: optionalText(FIELD_TEXT_MAX_LENGTH),
  quantity: v.pipe(
    v.number(C.invalidNumber),
    v.finite(C.invalidNumber),
    v.gtValue(0, C.invalidNumber),
    v.maxValue(QUANTITY_MAX, C.invalidNumber),
  ),
});

/** `POST order` / `PUT order/{id}` body: one line at least. */
export const OrderBodySchema = v.object({
  institution_product_id: IdSchema,
  company: requiredText(COMPANY_MAX_LENGTH),
  lines: v.pipe(
    v.array(OrderLineBodySchema, C.invalidValue),
    v.minLength(1, C.required),
    v.maxLength(MAX_ORDER_LINES, C.tooLong),
  ),
  notes: optionalText(NOTES_MAX_LENGTH),
  fields: v.optional(FieldValuesSchema, {}),
});
export type OrderBody = v.InferInput<typeof OrderBodySchema>;

/** `POST lead/delete` / `POST order/delete` body. */
export const DeleteRecordsBodySchema = idsBodySchema(IdSchema);

export const RECORD_SORTS = ['date', 'company'] as const;

const filters = {
  institution_product_id: IdSchema,
  /** Text in the company, the contact, the notes, or a line's product code or description. */
  q: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.maxLength(200, C.tooLong)), ''),
  /** The seller's name, exactly (case aside). */
  seller: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.maxLength(200, C.tooLong)), ''),
  /** Text in the company. */
  company: v.optional(v.pipe(v.string(C.invalidValue), v.trim(), v.maxLength(200, C.tooLong)), ''),
  /** Newest first (`date`) or by company, A to Z. */
  sort: v.optional(v.picklist(RECORD_SORTS, C.invalidValue), 'date'),
};

/** `GET lead/download` / `GET order/download` query: the list's filters. */
export const RecordFiltersSchema = withRange(filters);
export type RecordFilters = v.InferOutput<typeof RecordFiltersSchema>;

/** `GET lead` / `GET order` query: the filters and the page. */
export const RecordListQuerySchema = withRange({ ...PaginationQuerySchema.entries, ...filters });
export type RecordListQuery = v.InferOutput<typeof RecordListQuerySchema>;

/** A WhatsApp message a record came from. */
export const RecordMessageSchema = v.object({
  id: v.number(),
  /** `in` from the seller, `out` the assistant's reply. */
  direction: v.picklist(['in', 'out']),
  body: v.nullable(v.string()),
  created_at: v.string(),
});

/** One change of a record: who, when, and each field's value before and after. */
export const RecordChangeSchema = v.object({
  at: v.string(),
  by: v.string(),
  /** `created` when entered; `updated` with the fields changed. */
  action: v.picklist(['created', 'updated']),
  changes: v.record(v.string(), v.object({ from: v.unknown(), to: v.unknown() })),
});
export type RecordChange = v.InferOutput<typeof RecordChangeSchema>;

/** `GET order/{id}/detail`. */
export const OrderDetailSchema = v.object({
  ...OrderSchema.entries,
  messages: v.array(RecordMessageSchema),
  history: v.array(RecordChangeSchema),
});
export type OrderDetail = v.InferOutput<typeof OrderDetailSchema>;

/** `GET lead/{id}`: the lead card. */
export const LeadDetailSchema = v.object({
  ...LeadSchema.entries,
  messages: v.array(RecordMessageSchema),
  history: v.array(RecordChangeSchema),
});
export type LeadDetail = v.InferOutput<typeof LeadDetailSchema>;

/** A CSV of leads to import, at most. */
export const LEAD_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
/** Rows of a CSV of leads to import, at most (the header aside). */
export const LEAD_IMPORT_MAX_ROWS = 20_000;

/** `POST lead/import` query: the assistant, and whether only to check (nothing written). */
export const LeadImportQuerySchema = v.object({
  institution_product_id: IdSchema,
  dry_run: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], C.invalidValue),
      v.transform((s) => s === 'true'),
    ),
    'false',
  ),
});

/** `POST lead/import` answer: how many rows were (or would be) imported, and each refused row's reasons. */
export const LeadImportResultSchema = v.object({
  imported: v.number(),
  dry_run: v.boolean(),
  refused: v.array(v.object({ line: v.number(), issues: v.array(IssueSchema) })),
});
export type LeadImportResult = v.InferOutput<typeof LeadImportResultSchema>;

/** A records dashboard's sellers, companies and products: this many at most, the largest first. */
export const RECORDS_DASHBOARD_TOP = 10;
/** A records dashboard's `per_day`: this many days at most, the most recent kept. */
export const RECORDS_DASHBOARD_MAX_DAYS = 400;

/** `GET lead/dashboard` / `GET order/dashboard` query: the assistant and the date range (either end open). */
export const RecordsDashboardQuerySchema = withRange({ institution_product_id: IdSchema });
export type RecordsDashboardQuery = v.InferOutput<typeof RecordsDashboardQuerySchema>;

/** A seller or a company and its records. */
const RecordsCountSchema = v.object({ name: v.string(), records: v.number() });

/**
 * `GET lead/dashboard`: the range's leads, per day (every day of the range, in `tz`), and the
 * sellers and companies with the most (RECORDS_DASHBOARD_TOP each; a name as one of its spellings,
 * case aside).
 */
export const LeadsDashboardSchema = v.object({
  records: v.number(),
  per_day: v.array(v.object({ date: v.string(), records: v.number() })),
  sellers: v.array(RecordsCountSchema),
  companies: v.array(RecordsCountSchema),
});
export type LeadsDashboard = v.InferOutput<typeof LeadsDashboardSchema>;

/**
 * `GET order/dashboard`: the range's orders, their lines and total quantity, per day, the sellers
 * (with their orders' quantity) and companies with the most orders, and the products by quantity
 * (with how many orders hold them).
 */
export const OrdersDashboardSchema = v.object({
  records: v.number(),
  lines: v.number(),
  quantity: v.number(),
  per_day: v.array(v.object({ date: v.string(), records: v.number() })),
  sellers: v.array(v.object({ ...RecordsCountSchema.entries, quantity: v.number() })),
  companies: v.array(RecordsCountSchema),
  products: v.array(
    v.object({
      product_code: v.string(),
      product_description: v.nullable(v.string()),
      quantity: v.number(),
      orders: v.number(),
    }),
  ),
});
export type OrdersDashboard = v.InferOutput<typeof OrdersDashboardSchema>;
