/**
 * What a route's handler is told of its caller and tenant, once the route helper (http/route.ts)
 * has checked them: the scope named by the endpoint's entry in the contract.
 */
import type { AssistantType } from '@conversa/contract/assistant-type';
import type { Locale } from '@conversa/contract/constants';
import type { Role } from '@conversa/contract/roles';

/** The signed-in staff user of a request (a live session). */
export interface StaffUser {
  userId: number;
  sessionId: string;
  email: string;
  locale: Locale;
  /** The platform admin role (granted, or by `ADMIN_EMAILS`). */
  isAdmin: boolean;
}

/** A staff endpoint without a tenant. */
export interface StaffScope {
  user: StaffUser;
}

/** `self`: the path's user, the caller's own (or any, for a platform admin). */
export interface SelfScope extends StaffScope {
  userId: number;
}

/** `institution`: the institution the request acts in, with the caller's roles there. */
export interface InstitutionScope extends StaffScope {
  institutionId: number;
  /** The membership role there, plus `admin` for platform admins (`rolesIn`). */
  roles: readonly Role[];
}

/** `assistant`: the path's assistant, its type and its institution. */
export interface AssistantScope extends InstitutionScope {
  assistantId: number;
  assistantType: AssistantType;
}

/** `conversation` for staff: the path's conversation, its assistant and its institution. */
export interface ConversationScope extends InstitutionScope {
  conversationId: string;
  assistantId: number;
}

/** `conversation` for a guest: the chat visitor of a public conversation and its assistant. */
export interface GuestScope {
  conversationId: string;
  assistantId: number;
}
