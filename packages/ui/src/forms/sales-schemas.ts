/** The sales-support forms' valibot schemas, from the contract's request bodies. */
import { AddAllowedNumberBodySchema, WhatsappSettingsBodySchema } from '@conversa/contract/sales';
import * as v from 'valibot';

/** An allowed number: the number as typed (the server reads it with the institution's country) and the seller. */
export const AllowedNumberFormSchema = v.object({
  phone_number: AddAllowedNumberBodySchema.entries.phone_number,
  seller_name: AddAllowedNumberBodySchema.entries.seller_name,
});

/** The WhatsApp channel: the number's id; secrets blank to keep the stored ones. */
export const WhatsappSettingsFormSchema = v.object({
  phone_number_id: WhatsappSettingsBodySchema.entries.phone_number_id,
  access_token: v.string(),
  app_secret: v.string(),
  verify_token: v.string(),
});
