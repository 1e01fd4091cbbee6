/**
 * The rules of leads and orders entered in the console (docs/architecture.md#sales-support): a
 * record is checked against the assistant's configured fields and the institution's country, the
 * staff member is named as its seller, each change lands in its history in the transaction that
 * makes it, and deletes and imports are all or none. Rows become the contract's records here.
 */
import type { Locale } from '@conversa/contract/constants';
import type { FieldValues, Lead, Order, RecordChange } from '@conversa/contract/records';
import type { RecordKind } from '@conversa/contract/sales';
import type { AppDeps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { institutionCountry } from '../institutions';
import { findUserName } from '../users';
import { leadCsvInThread } from './csv-thread';
import type { ImportCheck } from './lead-import';
import { type LeadInput, type OrderInput, recordCheck } from './record-input';
import { recordFieldsRepo } from './record-fields.repo';
import { type RecordInput, recordWritesRepo } from './record-writes.repo';
import { type AssistantRef, type RecordRow, recordsRepo } from './records.repo';

const entered = (row: RecordRow) => ({
  seller: row.sellerName,
  seller_number: row.sellerNumber,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export const toLead = (row: RecordRow): Lead => ({
  id: row.id,
  institution_product_id: row.assistantId,
  company: row.company,
  contact_name: row.contactName ?? '',
  phone: row.phone,
  email: row.email,
  notes: row.notes,
  fields: row.fields,
  ...entered(row),
});

export const toOrder = (row: RecordRow): Order => ({
  id: row.id,
  institution_product_id: row.assistantId,
  company: row.company,
  lines: row.lines,
  notes: row.notes,
  fields: row.fields,
  ...entered(row),
});

/** A row as the record of its kind. */
export const toRecord = (kind: RecordKind, row: RecordRow): Lead | Order =>
  kind === 'lead' ? toLead(row) : toOrder(row);

/** The records' operations over one server's parts. */
export function recordsService(deps: AppDeps) {
  const { db } = deps.database;
  const definitions = recordFieldsRepo(db);
  const countryOf = (institutionId: number) => institutionCountry(db, institutionId);

  /** The staff member as a record's author: their name (their e-mail when they gave none). */
  async function author(userId: number) {
    const row = await findUserName(db, userId);
    return { name: row?.fullName.trim() || row?.email || '', number: null, userId };
  }

  /** A body read as a record's values, or a 400 naming each field that is wrong. */
  async function inputOf(
    ref: AssistantRef,
    kind: RecordKind,
    body: LeadInput | OrderInput,
    kept: FieldValues,
    locale: Locale,
  ): Promise<RecordInput> {
    const check = recordCheck(await definitions.get(ref, kind), await countryOf(ref.institutionId), locale);
    const { input, issues } = check(body, kept);
    if (issues.length > 0) throw new ApiError(400, 'validation_failed', { issues });
    return input;
  }

  return {
    /** Creates a record the staff member `userId` entered. */
    async create(
      ref: AssistantRef,
      kind: RecordKind,
      body: LeadInput | OrderInput,
      userId: number,
      locale: Locale,
    ): Promise<Lead | Order> {
      const input = await inputOf(ref, kind, body, {}, locale);
      const by = await author(userId);
      const row = await db.transaction(async (tx) => {
        const id = await recordWritesRepo(tx).create(ref, kind, input, by);
        return recordsRepo(tx).find(ref, kind, id);
      });
      return toRecord(kind, row!);
    },

    /** Corrects a record; fields the body leaves out keep their values. */
    async update(
      ref: AssistantRef,
      kind: RecordKind,
      id: number,
      body: LeadInput | OrderInput,
      userId: number,
      locale: Locale,
    ): Promise<Lead | Order> {
      const current = await recordsRepo(db).find(ref, kind, id);
      if (!current) throw notFound();
      const input = await inputOf(ref, kind, body, current.fields, locale);
      const by = await author(userId);
      const row = await db.transaction(async (tx) => {
        const records = recordsRepo(tx);
        // Read again inside the transaction: the history compares with what is stored now.
        const fresh = await records.find(ref, kind, id);
        if (!fresh) throw notFound();
        await recordWritesRepo(tx).update(ref, fresh, input, by);
        return records.find(ref, kind, id);
      });
      return toRecord(kind, row!);
    },

    /** Deletes records of the institution, all or none (404 when any is not its). */
    async remove(institutionId: number, kind: RecordKind, ids: readonly number[]): Promise<void> {
      const removed = await db.transaction((tx) =>
        recordWritesRepo(tx).remove(institutionId, kind, [...ids]),
      );
      if (!removed) throw notFound();
    },

    /**
     * Reads a CSV of leads in a worker thread (bounded in time) and, unless `dryRun`, stores every
     * good row or, should the database fail, none.
     */
    async importLeads(
      ref: AssistantRef,
      file: Uint8Array,
      { dryRun, userId, locale }: { dryRun: boolean; userId: number; locale: Locale },
    ): Promise<{ imported: number; refused: ImportCheck['refused'] }> {
      const options = {
        assistantId: ref.assistantId,
        definitions: await definitions.get(ref, 'lead'),
        country: await countryOf(ref.institutionId),
        locale,
      };
      const { good, refused } = await leadCsvInThread(file, options, deps.config.leadImportBudgetMs);
      if (!dryRun && good.length > 0) {
        const by = await author(userId);
        await db.transaction((tx) => recordWritesRepo(tx).createLeads(ref, good, by));
      }
      return { imported: good.length, refused };
    },

    /**
     * A record of the institution by id alone (its card's address names no assistant), with the
     * WhatsApp conversation it came from (the seller's messages and the replies) and its history.
     */
    async card(institutionId: number, kind: RecordKind, id: number) {
      const records = recordsRepo(db);
      const row = await records.findInInstitution(institutionId, kind, id);
      if (!row) throw notFound();
      const messages = await records.messages(row);
      const history = await records.history(row.id);
      return {
        ...toRecord(kind, row),
        messages: messages.map((message) => ({
          id: message.id,
          direction: message.direction as 'in' | 'out',
          body: message.body,
          created_at: message.createdAt.toISOString(),
        })),
        history: history.map((entry): RecordChange => ({
          at: entry.at.toISOString(),
          by: entry.byName,
          action: entry.action as RecordChange['action'],
          changes: entry.changes,
        })),
      };
    },
  };
}
