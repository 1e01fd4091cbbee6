/** Sales-support endpoints: the numbers allowed to use an assistant on WhatsApp. */
import * as v from 'valibot';
import { MessageResultSchema, PaginationQuerySchema } from '../common';
import {
  AddAllowedNumberBodySchema,
  FieldDefinitionsBodySchema,
  FieldDefinitionsSchema,
  AllowedNumberSchema,
  AllowedNumbersQuerySchema,
  DeleteAllowedNumbersBodySchema,
  FailedReplySchema,
  RetriedRepliesSchema,
  RetryFailedRepliesBodySchema,
  SellerQuestionSchema,
  WhatsappHandshakeQuerySchema,
  WhatsappSettingsBodySchema,
  WhatsappSettingsSchema,
} from '../sales';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/sales';
import { IdParamsSchema } from './params';

export const salesEndpoints = {
  listAllowedNumbers: {
    ...routes.listAllowedNumbers,
    summary:
      "A sales-support assistant's allowed WhatsApp numbers, newest first, searched by number or seller",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'whitelist.manage',
    params: IdParamsSchema,
    query: AllowedNumbersQuerySchema,
    response: v.array(AllowedNumberSchema),
    paginated: true,
  },
  addAllowedNumber: {
    ...routes.addAllowedNumber,
    summary:
      "Allow a seller's number (stored E.164; a local number reads with the institution's country); the same number twice is a 409",
    tag: 'sales',
    access: 'staff',
    scope: 'institution',
    permission: 'whitelist.manage',
    body: AddAllowedNumberBodySchema,
    response: AllowedNumberSchema,
  },
  deleteAllowedNumbers: {
    ...routes.deleteAllowedNumbers,
    summary:
      'Remove allowed numbers of the X-Institution-Id institution (they lose access at once); any other id refuses the whole request',
    tag: 'sales',
    access: 'staff',
    scope: 'institution',
    permission: 'whitelist.manage',
    body: DeleteAllowedNumbersBodySchema,
    response: MessageResultSchema,
  },
  getWhatsappSettings: {
    ...routes.getWhatsappSettings,
    summary: "A sales-support assistant's WhatsApp channel: its number's id and which secrets are stored",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'assistant.manage',
    params: IdParamsSchema,
    response: WhatsappSettingsSchema,
  },
  updateWhatsappSettings: {
    ...routes.updateWhatsappSettings,
    summary:
      "Set the WhatsApp channel: the number's id and the secrets (write-only, sealed at rest; a blank one keeps the stored one). The number is saved only when the Graph API confirms the access token (given or stored) reads it: else 400 `whatsapp_number_unverified` under the field, 503 `whatsapp_unreachable` when Meta cannot be asked",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'assistant.manage',
    assistantType: 'sales_support',
    params: IdParamsSchema,
    body: WhatsappSettingsBodySchema,
    response: WhatsappSettingsSchema,
  },
  listFailedReplies: {
    ...routes.listFailedReplies,
    summary:
      "A sales-support assistant's WhatsApp replies that could not be sent, the latest failure first: to whom, what, why, and the message it answered",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'assistant.manage',
    params: IdParamsSchema,
    query: PaginationQuerySchema,
    response: v.array(FailedReplySchema),
    paginated: true,
  },
  listSellerQuestions: {
    ...routes.listSellerQuestions,
    summary:
      "A sales-support assistant's WhatsApp questions from sellers that were neither a lead nor an order, the latest first, each with the answer sent",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'whitelist.manage',
    params: IdParamsSchema,
    query: PaginationQuerySchema,
    response: v.array(SellerQuestionSchema),
    paginated: true,
  },
  retryFailedReplies: {
    ...routes.retryFailedReplies,
    summary:
      'Queue failed replies to be sent again (the job queue sends them, with backoff); any id that is not a failed reply of the assistant to a phone number, or whose message is still being answered, refuses the whole request',
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'assistant.manage',
    params: IdParamsSchema,
    body: RetryFailedRepliesBodySchema,
    response: RetriedRepliesSchema,
  },
  verifyWhatsappWebhook: {
    ...routes.verifyWhatsappWebhook,
    summary:
      "Meta's webhook verification: answers `hub.challenge` (digits only) as text when `hub.verify_token` is an assistant's; else 403",
    tag: 'whatsapp',
    access: 'public',
    scope: 'none',
    query: WhatsappHandshakeQuerySchema,
  },
  receiveWhatsappWebhook: {
    ...routes.receiveWhatsappWebhook,
    summary:
      "Meta's deliveries: X-Hub-Signature-256 checked over the raw bytes with the app secret of each number named, and only the events of the numbers whose own secret signed it acted on; a delivery naming only unknown numbers, more than a few, or signed by none of theirs answers the same 401, and too many refusals from one IP a 429; 200 at once, the work queued",
    tag: 'whatsapp',
    access: 'public',
    scope: 'none',
  },
  getLeadFields: {
    ...routes.getLeadFields,
    summary: "The fields an institution adds to a sales-support assistant's leads, in order",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'assistant.read',
    params: IdParamsSchema,
    response: FieldDefinitionsSchema,
  },
  putLeadFields: {
    ...routes.putLeadFields,
    summary:
      "Replace the fields added to the leads (keys unique, not a built-in's); leads already stored keep their values",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    assistantType: 'sales_support',
    params: IdParamsSchema,
    body: FieldDefinitionsBodySchema('lead'),
    response: FieldDefinitionsSchema,
  },
  getOrderFields: {
    ...routes.getOrderFields,
    summary: "The fields an institution adds to a sales-support assistant's orders, in order",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'assistant.read',
    params: IdParamsSchema,
    response: FieldDefinitionsSchema,
  },
  putOrderFields: {
    ...routes.putOrderFields,
    summary:
      "Replace the fields added to the orders (keys unique, not a built-in's); orders already stored keep their values",
    tag: 'sales',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    assistantType: 'sales_support',
    params: IdParamsSchema,
    body: FieldDefinitionsBodySchema('order'),
    response: FieldDefinitionsSchema,
  },
} as const satisfies Record<string, Endpoint>;
