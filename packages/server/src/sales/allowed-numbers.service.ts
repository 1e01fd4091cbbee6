/**
 * Who is a seller (docs/architecture.md#sales-support): the numbers allowed to use a sales-support
 * assistant on WhatsApp. Numbers are stored E.164, read with the institution's country when typed
 * locally; a number removed loses access at once (the sellers' policy looks it up on every message),
 * and each removal is audited (the ids only: the numbers are personal data).
 */
import type { Locale } from '@conversa/contract/constants';
import type { AllowedNumber } from '@conversa/contract/sales';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { audit } from '../audit/audit.service';
import type { AppDeps } from '../deps';
import { ApiError, notFound } from '../http/errors';
import { translate } from '../i18n/translate';
import { institutionCountry } from '../institutions';
import { type AllowedNumberRow, allowedNumbersRepo } from './allowed-numbers.repo';
import type { AssistantRef } from './records.repo';
import { salesAssistantOf } from './sales-assistant';

/** Who asks, from where: what the audit log and the translated errors need of a request. */
export interface SalesCaller {
  userId: number;
  ip: string;
  locale: Locale;
}

function toAllowedNumber(row: AllowedNumberRow): AllowedNumber {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    seller_name: row.sellerName,
    created_at: row.createdAt.toISOString(),
  };
}

export function allowedNumbersService(deps: AppDeps) {
  const { db } = deps.database;
  const numbers = allowedNumbersRepo(db);
  const salesAssistant = salesAssistantOf(db);

  return {
    /** A page of an assistant's numbers, newest first; `q` in the number or the seller's name. */
    async list(ref: AssistantRef, q: string, page: { page: number; perPage: number }) {
      const { items, total } = await numbers.list(ref, q, page);
      return { items: items.map(toAllowedNumber), total };
    },

    /**
     * Allows a number on a sales-support assistant of the institution (a 404 for any other id); a
     * 400 naming the field when it is no phone number, a 409 when it is allowed already.
     */
    async add(
      institutionId: number,
      body: { institution_product_id: number; phone_number: string; seller_name: string },
      locale: Locale,
    ): Promise<AllowedNumber> {
      const { assistantId } = await salesAssistant(institutionId, body.institution_product_id);
      const country = await institutionCountry(db, institutionId);
      // A local number reads with the institution's country; anything else must be international.
      const parsed = parsePhoneNumberFromString(body.phone_number, {
        defaultCountry: (country ?? undefined) as CountryCode | undefined,
      });
      if (!parsed?.isValid()) {
        throw new ApiError(400, 'validation_failed', {
          issues: [
            { path: 'phone_number', code: 'invalid_phone', message: translate(locale, 'invalid_phone') },
          ],
        });
      }
      const row = await numbers.add({ institutionId, assistantId }, parsed.number, body.seller_name);
      if (!row) throw new ApiError(409, 'number_already_allowed');
      return toAllowedNumber(row);
    },

    /** Removes numbers of the institution, all or none (a 404 when any is not its). */
    async remove(caller: SalesCaller, institutionId: number, ids: readonly number[]): Promise<void> {
      if (!(await numbers.deleteAll(institutionId, ids))) throw notFound();
      // The ids only: the numbers are personal data.
      await audit(deps, {
        action: 'deleted',
        institutionId,
        userId: caller.userId,
        ip: caller.ip,
        detail: { what: 'allowed_number', ids, count: ids.length },
      });
    },
  };
}
