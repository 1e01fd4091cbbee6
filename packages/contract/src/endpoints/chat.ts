/** The public chat's endpoints: an assistant's public face, visitor sessions, questions and the conversation. */
import * as v from 'valibot';
import {
  ChatMessageBodySchema,
  ChatSessionSchema,
  ConversationSchema,
  LiveEvents,
  PublicAssistantSchema,
  WidgetAssistantSchema,
} from '../chat';
import type { Endpoint } from './endpoint';
import * as routes from '../routes/chat';
import { PublicPageParamsSchema, UuidParamsSchema } from './params';

export const chatEndpoints = {
  publicAssistant: {
    ...routes.publicAssistant,
    summary: 'The public assistant of an institution (kind: admissions or retail)',
    tag: 'chat',
    access: 'public',
    scope: 'none',
    params: PublicPageParamsSchema,
    response: PublicAssistantSchema,
  },
  publicSession: {
    ...routes.publicSession,
    summary: 'Start a conversation: a guest token scoped to this assistant and conversation',
    tag: 'chat',
    access: 'public',
    scope: 'none',
    params: PublicPageParamsSchema,
    response: ChatSessionSchema,
  },
  widgetAssistant: {
    ...routes.widgetAssistant,
    summary: "The assistant of an embed snippet, by its external id (the widget's view)",
    tag: 'chat',
    access: 'public',
    scope: 'none',
    params: UuidParamsSchema,
    response: WidgetAssistantSchema,
  },
  widgetSession: {
    ...routes.widgetSession,
    summary: 'Start a conversation with the assistant of an external id: a guest token',
    tag: 'chat',
    access: 'public',
    scope: 'none',
    params: UuidParamsSchema,
    response: ChatSessionSchema,
  },
  postMessage: {
    ...routes.postMessage,
    summary: 'Ask; the answer streams as events token, sources, handoff, done or error',
    tag: 'chat',
    access: 'guest',
    scope: 'conversation',
    params: UuidParamsSchema,
    body: ChatMessageBodySchema,
    stream: true,
  },
  getConversation: {
    ...routes.getConversation,
    summary: 'The conversation so far',
    tag: 'chat',
    access: 'guest',
    scope: 'conversation',
    params: UuidParamsSchema,
    response: ConversationSchema,
  },
  conversationEvents: {
    ...routes.conversationEvents,
    summary:
      'Server-sent events of a person answering: `message` (their replies; `Last-Event-ID` replays what was missed), `status`, `typing`',
    tag: 'chat',
    access: 'guest',
    scope: 'conversation',
    params: UuidParamsSchema,
    stream: true,
    response: v.union([LiveEvents.message, LiveEvents.status, LiveEvents.typing]),
  },
} as const satisfies Record<string, Endpoint>;
