/** Conversation endpoints: what staff see of their assistants' conversations, and a visitor's contact. */
import * as v from 'valibot';
import { MessageResultSchema } from '../common';
import {
  ContactBodySchema,
  ContactSchema,
  ConversationDetailSchema,
  ConversationFiltersSchema,
  ConversationListItemSchema,
  ConversationListQuerySchema,
  DashboardSchema,
  DateRangeQuerySchema,
  DeleteConversationsBodySchema,
  OverviewSchema,
  PreviewAnswerSchema,
  PreviewBodySchema,
} from '../conversation';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/conversations';
import { IdParamsSchema, UuidParamsSchema } from './params';

export const conversationsEndpoints = {
  previewQuestion: {
    ...routes.previewQuestion,
    summary:
      'The trainer\'s "try it": a question answered as a visitor would get it, with the passages and why',
    tag: 'conversation',
    access: 'staff',
    scope: 'assistant',
    permission: 'trainer.manage',
    params: IdParamsSchema,
    body: PreviewBodySchema,
    response: PreviewAnswerSchema,
  },
  listConversations: {
    ...routes.listConversations,
    summary: "An assistant's conversations, newest interaction first, filtered",
    tag: 'conversation',
    access: 'staff',
    scope: 'assistant',
    permission: 'conversation.read',
    params: IdParamsSchema,
    query: ConversationListQuerySchema,
    response: v.array(ConversationListItemSchema),
    paginated: true,
  },
  downloadConversations: {
    ...routes.downloadConversations,
    summary: 'The filtered list as CSV (UTF-8 with BOM, headers in your language)',
    tag: 'conversation',
    access: 'staff',
    scope: 'assistant',
    permission: 'conversation.read',
    params: IdParamsSchema,
    query: ConversationFiltersSchema,
  },
  getDashboard: {
    ...routes.getDashboard,
    summary: "An assistant's figures over a date range, and the questions it could not answer",
    tag: 'conversation',
    access: 'staff',
    scope: 'assistant',
    permission: 'conversation.read',
    params: IdParamsSchema,
    query: DateRangeQuerySchema,
    response: DashboardSchema,
  },
  getConversationDetail: {
    ...routes.getConversationDetail,
    summary: 'A transcript as the visitor saw it, with the contact and the overview',
    tag: 'conversation',
    access: 'staff',
    scope: 'conversation',
    permission: 'conversation.read',
    params: UuidParamsSchema,
    response: ConversationDetailSchema,
  },
  generateOverview: {
    ...routes.generateOverview,
    summary: "Generate (or regenerate) and store a conversation's overview",
    tag: 'conversation',
    access: 'staff',
    scope: 'conversation',
    permission: 'conversation.read',
    params: UuidParamsSchema,
    response: OverviewSchema,
  },
  deleteConversations: {
    ...routes.deleteConversations,
    summary:
      'Delete conversations of the X-Institution-Id institution; any other id refuses the whole request',
    tag: 'conversation',
    access: 'staff',
    scope: 'institution',
    permission: 'conversation.delete',
    body: DeleteConversationsBodySchema,
    response: MessageResultSchema,
  },
  postContact: {
    ...routes.postContact,
    summary: "Leave a visitor's contact for a person to follow up (mailed to the handoff contact)",
    tag: 'chat',
    access: 'guest',
    scope: 'conversation',
    params: UuidParamsSchema,
    body: ContactBodySchema,
    response: ContactSchema,
  },
} as const satisfies Record<string, Endpoint>;
