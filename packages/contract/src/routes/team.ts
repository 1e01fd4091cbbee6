/** Team routes: an institution's members, and the invitations that bring new ones in. */
import type { Route } from './route';

export const listMembers = { method: 'GET', path: '/institution/{id}/member' } as const satisfies Route;
export const updateMember = {
  method: 'PUT',
  path: '/institution/{id}/member/{userId}',
} as const satisfies Route;
export const deleteMembers = {
  method: 'POST',
  path: '/institution/{id}/member/delete',
} as const satisfies Route;
export const listInvitations = {
  method: 'GET',
  path: '/institution/{id}/invitation',
} as const satisfies Route;
export const createInvitation = {
  method: 'POST',
  path: '/institution/{id}/invitation',
} as const satisfies Route;
export const resendInvitation = {
  method: 'POST',
  path: '/invitation/{id}/resend',
} as const satisfies Route;
export const revokeInvitations = { method: 'POST', path: '/invitation/delete' } as const satisfies Route;
export const getInvitation = { method: 'GET', path: '/invitation/{token}' } as const satisfies Route;
export const acceptInvitation = {
  method: 'POST',
  path: '/invitation/{token}/accept',
} as const satisfies Route;
