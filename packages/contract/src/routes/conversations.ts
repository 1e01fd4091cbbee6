/** Conversation routes for staff: the list, a transcript, its overview, deletes, the download and the dashboard; and a visitor's contact. */
import type { Route } from './route';

export const listConversations = {
  method: 'GET',
  path: '/institution-product/{id}/conversation',
} as const satisfies Route;
export const downloadConversations = {
  method: 'GET',
  path: '/institution-product/{id}/conversation/download',
} as const satisfies Route;
export const getDashboard = {
  method: 'GET',
  path: '/institution-product/{id}/dashboard',
} as const satisfies Route;
export const getConversationDetail = { method: 'GET', path: '/conversation/{id}' } as const satisfies Route;
export const generateOverview = {
  method: 'POST',
  path: '/conversation/{id}/overview',
} as const satisfies Route;
export const deleteConversations = { method: 'POST', path: '/conversation/delete' } as const satisfies Route;
export const postContact = {
  method: 'POST',
  path: '/public/conversation/{id}/contact',
} as const satisfies Route;
export const previewQuestion = {
  method: 'POST',
  path: '/institution-product/{id}/preview',
} as const satisfies Route;
export const requestPerson = {
  method: 'POST',
  path: '/public/conversation/{id}/handoff',
} as const satisfies Route;
export const takeOverConversation = {
  method: 'POST',
  path: '/conversation/{id}/takeover',
} as const satisfies Route;
export const replyInConversation = {
  method: 'POST',
  path: '/conversation/{id}/reply',
} as const satisfies Route;
export const signalTyping = { method: 'POST', path: '/conversation/{id}/typing' } as const satisfies Route;
export const releaseConversation = {
  method: 'POST',
  path: '/conversation/{id}/release',
} as const satisfies Route;
export const getLiveCounts = { method: 'GET', path: '/institution/{id}/live' } as const satisfies Route;
export const institutionEvents = { method: 'GET', path: '/institution/{id}/events' } as const satisfies Route;
