/**
 * One person's data (issue 36, docs/architecture.md#retention-and-erasure): what an institution
 * holds about an e-mail or a phone (compared in E.164, a local number read with the institution's
 * country), its export as JSON, and its erasure in one transaction. The audit log names the person
 * only by a keyed hash (HMAC-SHA256 under the server's code key), with the counts.
 */
import { createHmac } from 'node:crypto';
import type { Locale } from '@conversa/contract/constants';
import type { PersonErased, PersonExport, PersonSummary } from '@conversa/contract/privacy';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { audit } from '../audit/audit.service';
import type { DbOrTx } from '../db/database';
import type { AppDeps } from '../deps';
import { ApiError } from '../http/errors';
import { translate } from '../i18n/translate';
import { institutionCountry } from '../institutions';
import { personDataLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { type PersonItemRow, type PersonKey, personRepo } from './person.repo';
import { keepStats } from './retention.repo';

/** Who asks, from where. */
export interface PersonCaller {
  userId: number;
  ip: string;
  locale: Locale;
}

const iso = (at: Date | string) => new Date(at).toISOString();
const toItem = (row: PersonItemRow) => ({
  id: row.id,
  assistant_id: row.assistant_id,
  assistant_name: row.assistant_name,
  at: iso(row.at),
});

/** The person as compared: the e-mail lower-cased, the phone in E.164 (a 400 on `phone` when it is none). */
async function personKey(
  db: DbOrTx,
  institutionId: number,
  query: { email: string; phone: string },
  locale: Locale,
): Promise<PersonKey> {
  let phone: string | null = null;
  let digits: string | null = null;
  if (query.phone !== '') {
    const country = await institutionCountry(db, institutionId);
    const parsed = parsePhoneNumberFromString(query.phone, {
      defaultCountry: (country ?? undefined) as CountryCode | undefined,
    });
    if (!parsed?.isValid()) {
      throw new ApiError(400, 'validation_failed', {
        issues: [{ path: 'phone', code: 'invalid_phone', message: translate(locale, 'invalid_phone') }],
      });
    }
    phone = parsed.number;
    digits = parsed.nationalNumber;
  }
  return { email: query.email === '' ? null : query.email.toLowerCase(), phone, digits };
}

export function personService(deps: AppDeps) {
  const { db } = deps.database;
  /** The audit log's name for the person: never the address or number itself. */
  const hashOf = (key: PersonKey) =>
    createHmac('sha256', deps.config.keys.codeKey)
      .update(`person:${key.email ?? ''}|${key.phone ?? ''}`)
      .digest('hex');

  return {
    async find(
      caller: PersonCaller,
      institutionId: number,
      query: { email: string; phone: string },
    ): Promise<PersonSummary> {
      await takeLimits(deps, [personDataLimit(institutionId)]);
      const key = await personKey(db, institutionId, query, caller.locale);
      const found = await personRepo(db).summary(institutionId, key);
      const group = (g: { count: number; items: PersonItemRow[] }) => ({
        count: g.count,
        items: g.items.map(toItem),
      });
      return {
        email: key.email,
        phone: key.phone,
        conversations: group(found.conversations),
        contacts: group(found.contacts),
        leads: group(found.leads),
        orders: group(found.orders),
        whatsapp_messages: found.whatsapp_messages,
        allowed_numbers: group(found.allowed_numbers),
      };
    },

    async export(
      caller: PersonCaller,
      institutionId: number,
      query: { email: string; phone: string },
    ): Promise<PersonExport> {
      await takeLimits(deps, [personDataLimit(institutionId)]);
      const key = await personKey(db, institutionId, query, caller.locale);
      const all = await personRepo(db).everything(institutionId, key);
      const result: PersonExport = {
        exported_at: deps.clock.now().toISOString(),
        email: key.email,
        phone: key.phone,
        conversations: all.conversations.map((row) => ({
          ...row,
          created_at: iso(row.created_at),
          last_message_at: iso(row.last_message_at),
        })),
        records: all.records.map((row) => ({ ...row, created_at: iso(row.created_at) })),
        whatsapp_messages: all.whatsapp.map((row) => ({ ...row, created_at: iso(row.created_at) })),
        allowed_numbers: all.numbers.map((row) => ({ ...row, created_at: iso(row.created_at) })),
      };
      await audit(deps, {
        action: 'person_exported',
        userId: caller.userId,
        institutionId,
        ip: caller.ip,
        detail: {
          person: hashOf(key),
          conversations: result.conversations.length,
          records: result.records.length,
          whatsapp_messages: result.whatsapp_messages.length,
          allowed_numbers: result.allowed_numbers.length,
        },
      });
      return result;
    },

    /** Removes or anonymises all of it in one transaction; the dashboards keep their figures. */
    async erase(
      caller: PersonCaller,
      institutionId: number,
      query: { email: string; phone: string },
    ): Promise<PersonErased> {
      await takeLimits(deps, [personDataLimit(institutionId)]);
      const key = await personKey(db, institutionId, query, caller.locale);
      const erased = await db.transaction(async (tx) => {
        await keepStats(tx);
        return personRepo(tx).erase(institutionId, key);
      });
      await audit(deps, {
        action: 'person_erased',
        userId: caller.userId,
        institutionId,
        ip: caller.ip,
        detail: { person: hashOf(key), ...erased },
      });
      return erased;
    },
  };
}
