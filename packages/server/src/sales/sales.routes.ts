/**
 * Sales-support routes (docs/architecture.md#sales-support): the numbers allowed to use an
 * assistant on WhatsApp. Numbers are stored E.164, read with the institution's country when typed
 * locally; a number removed loses access at once (the channel looks it up on every message). A
 * channel's number is saved only once Meta confirms its access token reads it, and each save is audited.
 */
import { endpoints } from '@conversa/contract/endpoints';
import type { AllowedNumber, WhatsappSettings } from '@conversa/contract/sales';
import { type Context, Hono } from 'hono';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { auditRequest } from '../audit/audit-request';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ApiError, notFound } from '../http/errors';
import { ok, okPage } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { institutionCountry } from '../institutions';
import { whatsappNumberCheckLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { type AllowedNumberRow, allowedNumbersRepo } from './allowed-numbers.repo';
import { recordFieldsRepo } from './record-fields.repo';
import { salesAssistantOf } from './sales-assistant';
import { type ChannelRow, channelsRepo } from './whatsapp/channels.repo';
import { GraphUnreachableError, ownsNumber } from './whatsapp/graph';

function toAllowedNumber(row: AllowedNumberRow): AllowedNumber {
  return {
    id: row.id,
    phone_number: row.phoneNumber,
    seller_name: row.sellerName,
    created_at: row.createdAt.toISOString(),
  };
}

/** A channel as staff see it: which secrets are stored, never their values. */
function toSettings(row: ChannelRow | null, publicUrl: string): WhatsappSettings {
  return {
    phone_number_id: row?.phoneNumberId ?? null,
    access_token_set: !!row?.accessToken,
    app_secret_set: !!row?.appSecret,
    verify_token_set: !!row?.verifyToken,
    webhook_url: `${publicUrl}/api/whatsapp/webhook`,
  };
}

export function salesRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const route = endpointRouter(deps);
  const { db } = deps.database;
  const numbers = allowedNumbersRepo(db);
  const salesAssistant = salesAssistantOf(db);
  const channels = channelsRepo(db, deps.config.keys.secretsKey);
  const fields = recordFieldsRepo(db);

  // Any assistant of the caller's may be listed: only sales support ever has numbers.
  route(app, endpoints.listAllowedNumbers, async (c, { scope, query }) => {
    const { page, 'per-page': perPage, q } = query;
    const { items, total } = await numbers.list(scope, q, { page, perPage });
    return okPage(c, { items: items.map(toAllowedNumber), total, page, perPage });
  });

  route(app, endpoints.addAllowedNumber, async (c, { scope, body }) => {
    const { assistantId } = await salesAssistant(scope.institutionId, body.institution_product_id);
    const country = await institutionCountry(db, scope.institutionId);
    const locale = c.get('locale');
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
    const row = await numbers.add(
      { institutionId: scope.institutionId, assistantId },
      parsed.number,
      body.seller_name,
    );
    if (!row) throw new ApiError(409, 'number_already_allowed');
    return ok(c, toAllowedNumber(row), 201);
  });

  route(app, endpoints.deleteAllowedNumbers, async (c, { scope, body }) => {
    if (!(await numbers.deleteAll(scope.institutionId, body.ids))) throw notFound();
    // The ids only: the numbers are personal data.
    await auditRequest(c, deps, scope.user, {
      action: 'deleted',
      institutionId: scope.institutionId,
      detail: { what: 'allowed_number', ids: body.ids, count: body.ids.length },
    });
    return ok(c, { message: translate(c.get('locale'), 'phone_deleted'), code: 'phone_deleted' });
  });

  // Any assistant of the caller's may be read: only sales support ever has a channel.
  route(app, endpoints.getWhatsappSettings, async (c, { scope }) => {
    return ok(
      c,
      toSettings(await channels.find(scope.institutionId, scope.assistantId), deps.config.publicUrl),
    );
  });

  route(app, endpoints.updateWhatsappSettings, async (c, { scope, body }) => {
    const ref = { institutionId: scope.institutionId, assistantId: scope.assistantId };
    // The number is bound to this assistant only once Meta confirms the token reads it: a number's
    // id typed by someone who does not own it would route its deliveries (and replies) here.
    const stored = await channels.openFor(ref.institutionId, ref.assistantId);
    await proveNumber(
      c,
      ref.institutionId,
      body.phone_number_id,
      body.access_token ?? stored?.accessToken ?? null,
    );
    const saved = await channels.save(ref, {
      phoneNumberId: body.phone_number_id,
      accessToken: body.access_token,
      appSecret: body.app_secret,
      verifyToken: body.verify_token,
    });
    if (saved === false) throw new ApiError(409, 'phone_number_id_taken');
    await auditRequest(c, deps, scope.user, {
      action: 'whatsapp_channel_saved',
      institutionId: scope.institutionId,
      // Which secrets changed, never their values.
      detail: {
        assistantId: scope.assistantId,
        phoneNumberId: body.phone_number_id,
        previousPhoneNumberId: stored?.phoneNumberId ?? null,
        changed: (['access_token', 'app_secret', 'verify_token'] as const).filter(
          (key) => body[key] !== null,
        ),
      },
    });
    return ok(c, toSettings(saved, deps.config.publicUrl));
  });

  /**
   * Throws the 400 naming the field unless Meta confirms `accessToken` reads the number. Each check
   * is a request to the Graph API on a member's word: an institution has a few an hour.
   */
  async function proveNumber(
    c: Context<AppEnv>,
    institutionId: number,
    phoneNumberId: string,
    accessToken: string | null,
  ) {
    const locale = c.get('locale');
    const unverified = (path: 'phone_number_id' | 'access_token') =>
      new ApiError(400, 'whatsapp_number_unverified', {
        issues: [
          {
            path,
            code: 'whatsapp_number_unverified',
            message: translate(locale, 'whatsapp_number_unverified'),
          },
        ],
      });
    if (accessToken === null) throw unverified('access_token');
    await takeLimits(deps, [whatsappNumberCheckLimit(institutionId)]);
    try {
      if (!(await ownsNumber(deps.config.whatsappGraphUrl, phoneNumberId, accessToken))) {
        throw unverified('phone_number_id');
      }
    } catch (error) {
      if (!(error instanceof GraphUnreachableError)) throw error;
      c.get('logger')().warn({ err: error }, 'whatsapp: the number could not be checked with Meta');
      throw new ApiError(503, 'whatsapp_unreachable', { headers: { 'Retry-After': '60' } });
    }
  }

  for (const [kind, get, put] of [
    ['lead', endpoints.getLeadFields, endpoints.putLeadFields],
    ['order', endpoints.getOrderFields, endpoints.putOrderFields],
  ] as const) {
    // Any assistant of the caller's may be read: only sales support ever has fields.
    route(app, get, async (c, { scope }) => ok(c, { fields: await fields.get(scope, kind) }));
    route(app, put, async (c, { scope, body }) => {
      return ok(c, { fields: await fields.set(scope, kind, body.fields) });
    });
  }

  return app;
}
