/** The public chat's routes: an assistant's public face, visitor sessions, questions and the conversation. */
import type { Route } from './route';

export const publicAssistant = { method: 'GET', path: '/public/{kind}/{id}' } as const satisfies Route;
export const publicSession = { method: 'POST', path: '/public/{kind}/{id}/session' } as const satisfies Route;
export const widgetAssistant = { method: 'GET', path: '/public/assistant/{id}' } as const satisfies Route;
export const widgetSession = {
  method: 'POST',
  path: '/public/assistant/{id}/session',
} as const satisfies Route;
export const postMessage = {
  method: 'POST',
  path: '/public/conversation/{id}/message',
} as const satisfies Route;
export const getConversation = { method: 'GET', path: '/public/conversation/{id}' } as const satisfies Route;
export const conversationEvents = {
  method: 'GET',
  path: '/public/conversation/{id}/events',
} as const satisfies Route;
