/**
 * A sales-support assistant's WhatsApp channel: `GET`/`PUT institution-product/{id}/whatsapp`. The
 * secrets are write-only: the answer says which are stored, never what they are.
 */
import type { WhatsappSettings, WhatsappSettingsBody } from '@conversa/contract/sales';
import * as routes from '@conversa/contract/routes/sales';
import type { DataClient } from '../client';
import { routeKey } from '../keys';
import type { ReadResponse } from '../swr-config';
import { useWrite } from '../mutation';
import { useCached } from '../cached';

/** SWR key of an assistant's channel settings. */
export const whatsappSettingsKey = (assistantId: number) =>
  routeKey(routes.getWhatsappSettings, { id: assistantId });

/** The channel's settings (which secrets are stored). */
export function getWhatsappSettings(client: DataClient, assistantId: number): Promise<WhatsappSettings> {
  return client.endpoint(routes.getWhatsappSettings, { params: { id: assistantId }, report: false });
}

export function useWhatsappSettings(assistantId: number | null | undefined): ReadResponse<WhatsappSettings> {
  return useCached(assistantId ? [assistantId] : null, whatsappSettingsKey, getWhatsappSettings);
}

/** Saves the channel; a blank secret keeps the stored one. The answer replaces the cached settings. */
export async function updateWhatsappSettings(
  client: DataClient,
  assistantId: number,
  body: WhatsappSettingsBody,
): Promise<WhatsappSettings> {
  const saved = await client.endpoint(routes.updateWhatsappSettings, {
    params: { id: assistantId },
    json: body,
  });
  await client.setCached(whatsappSettingsKey(assistantId), saved);
  return saved;
}

/** `trigger(body)` saves the channel of `assistantId`. */
export function useUpdateWhatsappSettings(assistantId: number) {
  return useWrite(routes.updateWhatsappSettings, updateWhatsappSettings, assistantId);
}
