/**
 * Finding one person across an institution's data (docs/architecture.md#retention-and-erasure):
 * conversations where they left a contact or wrote that address or number, leads and orders that
 * name them (as the contact, in a field, or as the seller), WhatsApp messages and unfinished
 * entries of that number, and allowed numbers. Every statement names the institution.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { containsPattern } from '../db/like';

/** Who: a lower-cased e-mail, an E.164 phone and its national digits (how it is written in free text). */
export interface PersonKey {
  email: string | null;
  phone: string | null;
  digits: string | null;
}

/** How many of each group are listed with links. */
export const PERSON_ITEMS = 20;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const never = sql`false`;

/** Answers a visitor rated: the reason they gave is theirs too (read through `messages_review_idx`). */
const ratedBy = (institutionId: number): SQL =>
  sql`m.institution_id = ${institutionId} and m.role = 'assistant' and m.rating is not null`;

/**
 * The conversations of the person (what they wrote, a rating's reason included): a temporary id
 * list, so each statement reads them once.
 */
function conversationIds(institutionId: number, key: PersonKey): SQL {
  const byEmail = key.email
    ? sql`select c.id from conversations c where c.institution_id = ${institutionId} and lower(c.contact->>'email') = ${key.email}
        union select m.conversation_id from messages m
        where m.institution_id = ${institutionId} and m.role = 'user' and m.content ilike ${containsPattern(key.email)}
        union select m.conversation_id from messages m
        where ${ratedBy(institutionId)} and m.rating_reason ilike ${containsPattern(key.email)}`
    : sql`select null::uuid where false`;
  const byPhone = key.phone
    ? sql`select c.id from conversations c where c.institution_id = ${institutionId} and c.contact->>'phone' = ${key.phone}
        union select m.conversation_id from messages m
        where m.institution_id = ${institutionId} and m.role = 'user'
          and regexp_replace(m.content, '\\D', '', 'g') like ${`%${key.digits}%`}
        union select m.conversation_id from messages m
        where ${ratedBy(institutionId)} and regexp_replace(m.rating_reason, '\\D', '', 'g') like ${`%${key.digits}%`}`
    : sql`select null::uuid where false`;
  return sql`(${byEmail} union ${byPhone})`;
}

/** Records where the person is the contact (or a field holds their address or number). */
function contactRecord(key: PersonKey): SQL {
  const parts: SQL[] = [];
  if (key.email) {
    parts.push(sql`lower(r.email) = ${key.email}`);
    parts.push(sql`lower(r.fields::text) like ${`%"${key.email.replace(/[\\%_"]/g, (ch) => `\\${ch}`)}"%`}`);
  }
  if (key.phone) {
    parts.push(sql`r.phone = ${key.phone}`);
    parts.push(sql`r.fields::text like ${`%"${key.phone.replace('+', '\\+')}"%`}`);
  }
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : never;
}

/** Records the person entered as the seller (their number): anonymised, not deleted. */
const sellerRecord = (key: PersonKey): SQL => (key.phone ? sql`r.seller_number = ${key.phone}` : never);

const phoneIs = (column: SQL, key: PersonKey): SQL => (key.phone ? sql`${column} = ${key.phone}` : never);

export interface PersonItemRow {
  id: string | number;
  assistant_id: number;
  assistant_name: string;
  at: Date | string;
}

export function personRepo(db: DbOrTx) {
  const items = async (statement: SQL) => rowsOf<PersonItemRow>(await db.execute(statement));
  const count = async (statement: SQL) =>
    Number(rowsOf<{ n: string | number }>(await db.execute(statement))[0]?.n ?? 0);

  return {
    /** Counts and the latest items of each group. */
    async summary(institutionId: number, key: PersonKey) {
      const ids = conversationIds(institutionId, key);
      const conversationsWhere = sql`c.institution_id = ${institutionId} and c.id in ${ids}`;
      const conversationItems = (extra: SQL) => sql`
        select c.id, c.product_id as assistant_id, a.name as assistant_name, c.last_message_at as at
        from conversations c join institution_products a on a.id = c.product_id
        where ${conversationsWhere} and ${extra} order by c.last_message_at desc limit ${PERSON_ITEMS}`;
      const contactWhere = sql`c.contact is not null and (${
        key.email ? sql`lower(c.contact->>'email') = ${key.email}` : never
      } or ${key.phone ? sql`c.contact->>'phone' = ${key.phone}` : never})`;
      const recordsWhere = (kind: 'lead' | 'order') =>
        sql`r.institution_id = ${institutionId} and r.kind = ${kind} and (${contactRecord(key)} or ${sellerRecord(key)})`;
      const recordItems = (kind: 'lead' | 'order') => sql`
        select r.id, r.product_id as assistant_id, a.name as assistant_name, r.created_at as at
        from sales_records r join institution_products a on a.id = r.product_id
        where ${recordsWhere(kind)} order by r.created_at desc limit ${PERSON_ITEMS}`;
      const numbersWhere = sql`n.institution_id = ${institutionId} and ${phoneIs(sql`n.phone_number`, key)}`;
      return {
        conversations: {
          count: await count(sql`select count(*) as n from conversations c where ${conversationsWhere}`),
          items: await items(conversationItems(sql`true`)),
        },
        contacts: {
          count: await count(
            sql`select count(*) as n from conversations c where c.institution_id = ${institutionId} and ${contactWhere}`,
          ),
          items: await items(conversationItems(contactWhere)),
        },
        leads: {
          count: await count(sql`select count(*) as n from sales_records r where ${recordsWhere('lead')}`),
          items: await items(recordItems('lead')),
        },
        orders: {
          count: await count(sql`select count(*) as n from sales_records r where ${recordsWhere('order')}`),
          items: await items(recordItems('order')),
        },
        whatsapp_messages: {
          count: await count(
            sql`select count(*) as n from whatsapp_messages w
              where w.institution_id = ${institutionId} and ${phoneIs(sql`w.phone_number`, key)}`,
          ),
        },
        allowed_numbers: {
          count: await count(sql`select count(*) as n from allowed_numbers n where ${numbersWhere}`),
          items: await items(sql`
            select n.id, n.product_id as assistant_id, a.name as assistant_name, n.created_at as at
            from allowed_numbers n join institution_products a on a.id = n.product_id
            where ${numbersWhere} order by n.created_at desc limit ${PERSON_ITEMS}`),
        },
      };
    },

    /** Everything held, as the export's rows. */
    async everything(institutionId: number, key: PersonKey) {
      const ids = conversationIds(institutionId, key);
      const conversations = rowsOf<{
        id: string;
        assistant_id: number;
        channel: string;
        created_at: Date | string;
        last_message_at: Date | string;
        contact: Record<string, unknown> | null;
        overview: Record<string, unknown> | null;
        messages: {
          role: string;
          content: string;
          rating: string | null;
          rating_reason: string | null;
          created_at: string;
        }[];
      }>(
        await db.execute(sql`
          select c.id, c.product_id as assistant_id, c.channel, c.created_at, c.last_message_at, c.contact, c.overview,
            coalesce((select json_agg(json_build_object('role', m.role, 'content', m.content, 'rating', m.rating,
              'rating_reason', m.rating_reason, 'created_at', m.created_at)
              order by m.id) from messages m where m.institution_id = c.institution_id and m.conversation_id = c.id), '[]') as messages
          from conversations c where c.institution_id = ${institutionId} and c.id in ${ids}
          order by c.created_at`),
      );
      const records = rowsOf<{
        id: number;
        kind: string;
        assistant_id: number;
        company: string;
        contact_name: string | null;
        phone: string | null;
        email: string | null;
        notes: string | null;
        fields: Record<string, unknown>;
        seller_name: string;
        seller_number: string | null;
        created_at: Date | string;
        lines: Record<string, unknown>[];
        history: Record<string, unknown>[];
      }>(
        await db.execute(sql`
          select r.id, r.kind, r.product_id as assistant_id, r.company, r.contact_name, r.phone, r.email, r.notes,
            r.fields, r.seller_name, r.seller_number, r.created_at,
            coalesce((select json_agg(json_build_object('product_code', l.product_code,
              'product_description', l.product_description, 'quantity', l.quantity) order by l.position)
              from sales_order_lines l where l.record_id = r.id), '[]') as lines,
            coalesce((select json_agg(json_build_object('action', h.action, 'by', h.by_name, 'changes', h.changes,
              'at', h.created_at) order by h.id) from sales_record_history h where h.record_id = r.id), '[]') as history
          from sales_records r
          where r.institution_id = ${institutionId} and (${contactRecord(key)} or ${sellerRecord(key)})
          order by r.created_at`),
      );
      const whatsapp = rowsOf<{
        assistant_id: number;
        direction: string;
        phone_number: string | null;
        body: string | null;
        created_at: Date | string;
      }>(
        await db.execute(sql`
          select w.product_id as assistant_id, w.direction, w.phone_number, w.body, w.created_at
          from whatsapp_messages w
          where w.institution_id = ${institutionId} and ${phoneIs(sql`w.phone_number`, key)}
          order by w.id`),
      );
      const numbers = rowsOf<{
        assistant_id: number;
        phone_number: string;
        seller_name: string;
        created_at: Date | string;
      }>(
        await db.execute(sql`
          select n.product_id as assistant_id, n.phone_number, n.seller_name, n.created_at
          from allowed_numbers n
          where n.institution_id = ${institutionId} and ${phoneIs(sql`n.phone_number`, key)}
          order by n.id`),
      );
      return { conversations, records, whatsapp, numbers };
    },

    /**
     * Removes the person's data (call inside a transaction that keeps the figures): their
     * conversations, the records where they are the contact, their WhatsApp messages, unfinished
     * entries and allowed numbers; records they entered as the seller lose the seller's number and name.
     */
    async erase(institutionId: number, key: PersonKey) {
      const gone = (statement: SQL) => count(sql`with gone as (${statement}) select count(*) as n from gone`);
      const ids = conversationIds(institutionId, key);
      const conversations = await gone(
        sql`delete from conversations c where c.institution_id = ${institutionId} and c.id in ${ids} returning 1`,
      );
      const kinds = rowsOf<{ kind: string; n: string | number }>(
        await db.execute(sql`
          with touched as (
            delete from sales_records r where r.institution_id = ${institutionId} and ${contactRecord(key)}
            returning r.kind
          ), anonymised as (
            update sales_records r set seller_number = null, seller_name = ''
            where r.institution_id = ${institutionId} and ${sellerRecord(key)} and not coalesce(${contactRecord(key)}, false)
            returning r.kind
          )
          select kind, count(*) as n from (select kind from touched union all select kind from anonymised) k
          group by kind`),
      );
      const whatsapp = await gone(
        sql`delete from whatsapp_messages w
          where w.institution_id = ${institutionId} and ${phoneIs(sql`w.phone_number`, key)} returning 1`,
      );
      await db.execute(
        sql`delete from sales_entries e where e.institution_id = ${institutionId} and ${phoneIs(sql`e.phone_number`, key)}`,
      );
      const numbers = await gone(
        sql`delete from allowed_numbers n
          where n.institution_id = ${institutionId} and ${phoneIs(sql`n.phone_number`, key)} returning 1`,
      );
      const ofKind = (kind: string) => Number(kinds.find((row) => row.kind === kind)?.n ?? 0);
      return {
        conversations,
        leads: ofKind('lead'),
        orders: ofKind('order'),
        whatsapp_messages: whatsapp,
        allowed_numbers: numbers,
      };
    },
  };
}
