/** The public chat's endpoints: an assistant's public face, visitor sessions, questions and the conversation. */
import {
  ChatMessageBodySchema,
  ChatSessionSchema,
  ConversationSchema,
  PublicAssistantSchema,
  WidgetAssistantSchema,
} from '../chat';
import type { Endpoint } from './endpoint';

export const chatEndpoints = {
  publicAssistant: {
    method: 'GET',
    path: '/public/{kind}/{id}',
    summary: 'The public assistant of an institution (kind: admissions or retail)',
    tag: 'chat',
    access: 'public',
    response: PublicAssistantSchema,
  },
  publicSession: {
    method: 'POST',
    path: '/public/{kind}/{id}/session',
    summary: 'Start a conversation: a guest token scoped to this assistant and conversation',
    tag: 'chat',
    access: 'public',
    response: ChatSessionSchema,
  },
  widgetAssistant: {
    method: 'GET',
    path: '/public/assistant/{id}',
    summary: "The assistant of an embed snippet, by its external id (the widget's view)",
    tag: 'chat',
    access: 'public',
    response: WidgetAssistantSchema,
  },
  widgetSession: {
    method: 'POST',
    path: '/public/assistant/{id}/session',
    summary: 'Start a conversation with the assistant of an external id: a guest token',
    tag: 'chat',
    access: 'public',
    response: ChatSessionSchema,
  },
  postMessage: {
    method: 'POST',
    path: '/public/conversation/{id}/message',
    summary: 'Ask; the answer streams as events token, sources, handoff, done or error',
    tag: 'chat',
    access: 'guest',
    body: ChatMessageBodySchema,
    stream: true,
  },
  getConversation: {
    method: 'GET',
    path: '/public/conversation/{id}',
    summary: 'The conversation so far',
    tag: 'chat',
    access: 'guest',
    response: ConversationSchema,
  },
} as const satisfies Record<string, Endpoint>;
