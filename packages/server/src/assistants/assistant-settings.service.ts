/** Assistant settings rules: which types a kind may create, who may change what, how changes merge. */
import type { AssistantDetail, UpdateAssistantBody } from '@conversa/contract/assistant';
import type { InstitutionKind } from '@conversa/contract/institution';
import { ASSISTANT_TYPES_BY_KIND, type AssistantType } from '@conversa/contract/assistant-type';
import { can, type Permission, type Role } from '@conversa/contract/roles';
import { forbidden } from '../http/errors';
import type { AssistantChanges } from './assistant-settings.repo';
import type { HandoffEmailState } from './handoff-confirmation.repo';

/** True when an institution of this kind may have an assistant of this type. */
export function typeAllowed(kind: InstitutionKind, type: AssistantType): boolean {
  return ASSISTANT_TYPES_BY_KIND[kind].includes(type);
}

/** The permissions an update needs: the name is the assistant's, the rest the trainer's. */
export function permissionsFor(body: UpdateAssistantBody): Permission[] {
  const { name, ...settings } = body;
  const needed: Permission[] = [];
  if (name !== undefined) needed.push('assistant.manage');
  if (Object.values(settings).some((value) => value !== undefined) || name === undefined) {
    needed.push('trainer.manage');
  }
  return needed;
}

/** Refuses (403) an update of fields the caller's roles may not change. */
export function assertMayUpdate(roles: readonly Role[], body: UpdateAssistantBody): void {
  if (!permissionsFor(body).every((permission) => can(roles, permission))) throw forbidden();
}

/** The columns an update sets; the snippet's fields merge into the current snippet. */
export function changesOf(body: UpdateAssistantBody, current: AssistantDetail): AssistantChanges {
  const changes: AssistantChanges = {};
  if (body.name !== undefined) changes.name = body.name;
  if (body.suggested_questions !== undefined) changes.suggestedQuestions = body.suggested_questions;
  if (body.handoff !== undefined) changes.handoff = body.handoff;
  if (body.public_link_active !== undefined) changes.publicLinkActive = body.public_link_active;
  if (body.live_chat !== undefined) changes.liveChat = body.live_chat;
  if (body.snippet !== undefined) {
    const patch = Object.fromEntries(Object.entries(body.snippet).filter(([, value]) => value !== undefined));
    changes.snippet = { ...current.snippet, ...patch };
  }
  return changes;
}

/**
 * Whether saving the handoff e-mail `email` mails a confirmation link (issue 29): only a new
 * address does, never one the handoff had already (each save would mail it again) nor the address
 * already confirmed. Null (no address) mails nothing.
 */
export function mailsConfirmation(email: string | null, state: HandoffEmailState): boolean {
  return email !== null && email !== state.email && email !== state.confirmedEmail;
}
