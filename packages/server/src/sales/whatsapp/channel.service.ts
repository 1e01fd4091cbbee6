/**
 * An assistant's WhatsApp channel as staff set it (docs/architecture.md#sales-support): its number's
 * id and Meta's secrets, sealed. The number is bound only once Meta confirms the access token reads
 * it (a number's id typed by someone who does not own it would route its deliveries, and replies,
 * here); each check is a request to the Graph API on a member's word, so an institution has a few an
 * hour; each save is audited, naming which secrets changed, never their values.
 */
import type { WhatsappSettings } from '@conversa/contract/sales';
import type { Logger } from 'pino';
import { audit } from '../../audit/audit.service';
import type { AppDeps } from '../../deps';
import { ApiError } from '../../http/errors';
import { translate } from '../../i18n/translate';
import { whatsappNumberCheckLimit } from '../../rate-limit/limits';
import { takeLimits } from '../../rate-limit/rate-limit.service';
import type { SalesCaller } from '../allowed-numbers.service';
import type { AssistantRef } from '../records.repo';
import { type ChannelRow, channelsRepo } from './channels.repo';
import { GraphUnreachableError, ownsNumber } from './graph';

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

export function channelService(deps: AppDeps) {
  const channels = channelsRepo(deps.database.db, deps.config.keys.secretsKey);

  /** Throws the 400 naming the field unless Meta confirms `accessToken` reads the number. */
  async function proveNumber(
    caller: SalesCaller & { logger: () => Logger },
    institutionId: number,
    phoneNumberId: string,
    accessToken: string | null,
  ) {
    const unverified = (path: 'phone_number_id' | 'access_token') =>
      new ApiError(400, 'whatsapp_number_unverified', {
        issues: [
          {
            path,
            code: 'whatsapp_number_unverified',
            message: translate(caller.locale, 'whatsapp_number_unverified'),
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
      caller.logger().warn({ err: error }, 'whatsapp: the number could not be checked with Meta');
      throw new ApiError(503, 'whatsapp_unreachable', { headers: { 'Retry-After': '60' } });
    }
  }

  return {
    /** The assistant's channel as staff see it (none set: every field empty). */
    async settings(ref: AssistantRef): Promise<WhatsappSettings> {
      return toSettings(await channels.find(ref.institutionId, ref.assistantId), deps.config.publicUrl);
    },

    /**
     * Binds the number to the assistant once Meta confirms it, with each secret given (null keeps
     * the stored one); a 409 when another assistant already uses that number's id.
     */
    async save(
      caller: SalesCaller & { logger: () => Logger },
      ref: AssistantRef,
      body: {
        phone_number_id: string;
        access_token: string | null;
        app_secret: string | null;
        verify_token: string | null;
      },
    ): Promise<WhatsappSettings> {
      const stored = await channels.openFor(ref.institutionId, ref.assistantId);
      await proveNumber(
        caller,
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
      await audit(deps, {
        action: 'whatsapp_channel_saved',
        institutionId: ref.institutionId,
        userId: caller.userId,
        ip: caller.ip,
        // Which secrets changed, never their values.
        detail: {
          assistantId: ref.assistantId,
          phoneNumberId: body.phone_number_id,
          previousPhoneNumberId: stored?.phoneNumberId ?? null,
          changed: (['access_token', 'app_secret', 'verify_token'] as const).filter(
            (key) => body[key] !== null,
          ),
        },
      });
      return toSettings(saved, deps.config.publicUrl);
    },
  };
}
