/**
 * A person steps into a conversation (docs/product.md#live-conversations): a staff member takes it
 * over (one of two at once wins; `team.manage` may take it from a colleague), replies as themself,
 * shows they are typing, and hands it back to the assistant. While a person holds it the assistant
 * answers nothing (`chat/ask.ts`). The visitor's stream and the staff's streams hear each change.
 */
import type { ChatMessage } from '@conversa/contract/chat';
import {
  type ConversationState,
  type LiveCounts,
  type PersonRequest,
  TYPING_EVERY_MS,
} from '@conversa/contract/conversation';
import { can } from '@conversa/contract/roles';
import type { ConversationScope, GuestScope } from '../auth/scope';
import { hasPublicChat } from '../assistants';
import { type LiveRef, toStaff, toVisitor, visitorConversationsRepo } from '../chat';
import type { AppDeps } from '../deps';
import { ApiError, forbidden, notFound } from '../http/errors';
import { enqueue } from '../jobs/queue';
import { liveActionLimits, personRequestLimit, typingLimit } from '../rate-limit/limits';
import { takeLimits } from '../rate-limit/rate-limit.service';
import { findUserName, MAIL_JOB_ATTEMPTS } from '../users';
import { LIVE_WAITING } from './live-waiting.job';
import { type LiveState, liveRepo } from './live.repo';
import { isLive } from './office-hours';

const toState = (state: LiveState): ConversationState => ({
  status: state.status,
  agent: state.agentId === null ? null : { id: state.agentId, full_name: state.agentName ?? '' },
});

/** The live operations over one server's parts. */
export function liveService(deps: AppDeps) {
  const { db } = deps.database;
  const live = liveRepo(db);
  /** When each conversation's visitor was last told of typing (this process's; pruned as it goes). */
  const typedAt = new Map<string, number>();

  const ref = ({ institutionId, assistantId, conversationId }: LiveRef): LiveRef => ({
    institutionId,
    assistantId,
    conversationId,
  });

  /** Tells both sides of a change of state. */
  const announce = (scope: LiveRef, state: LiveState) => {
    toStaff(deps.events, ref(scope), state.status);
    toVisitor(deps.events, ref(scope), {
      event: 'status',
      data: { status: state.status, agent_name: state.status === 'human' ? state.agentName : null },
    });
  };

  /** The refusal of a conversation someone else holds, naming them. */
  const taken = async (scope: ConversationScope) => {
    const state = await live.state(scope.institutionId, scope.conversationId);
    if (!state) return notFound();
    const params = { name: state.agentName ?? '' };
    return new ApiError(409, 'conversation_taken', { params });
  };

  return {
    /** Each assistant's conversations waiting for a person or held by one. */
    async counts(institutionId: number): Promise<LiveCounts> {
      return (await live.counts(institutionId)).map((row) => ({
        institution_product_id: row.assistantId,
        waiting: row.waiting,
        human: row.human,
      }));
    },

    /**
     * The visitor asks for a person. Within live chat's hours the conversation waits (the staff are
     * told, and the wait's mail and time-out are queued with it); outside them, or with live chat
     * off, nothing changes and `live` is false: the chat offers the contact form.
     */
    async askForPerson({ conversationId, assistantId }: GuestScope): Promise<PersonRequest> {
      const conversation = await visitorConversationsRepo(db).find(conversationId, assistantId);
      // Sales support has no public chat, so no visitor to ask.
      if (!conversation || !hasPublicChat(conversation)) throw notFound();
      await takeLimits(deps, [personRequestLimit(conversationId)]);
      const now = deps.clock.now();
      if (!isLive(conversation.liveChat, now)) return { status: conversation.status, live: false };
      const { institutionId } = conversation;
      const { wait_minutes: wait, notify_after_minutes: notify } = conversation.liveChat;
      const asked = await db.transaction(async (tx) => {
        const result = await liveRepo(tx).askForPerson(institutionId, conversationId, now);
        if (!result?.changed) return result;
        const since = result.state.statusAt!.toISOString();
        const base = { institutionId, assistantId, conversationId, since };
        for (const [step, minutes] of [
          ['notify', notify],
          ['timeout', wait],
        ] as const)
          await enqueue(tx, LIVE_WAITING, { ...base, step, minutes }, now, {
            institutionId,
            runAt: new Date(now.getTime() + minutes * 60_000),
            maxAttempts: MAIL_JOB_ATTEMPTS,
          });
        return result;
      });
      if (!asked) throw notFound();
      if (asked.changed) announce({ institutionId, assistantId, conversationId }, asked.state);
      return { status: asked.state.status, live: true };
    },

    /** The caller takes the conversation over (`force`: from a colleague, for `team.manage` only). */
    async takeOver(scope: ConversationScope, force: boolean): Promise<ConversationState> {
      if (force && !can(scope.roles, 'team.manage')) throw forbidden();
      const { institutionId, conversationId, user } = scope;
      await takeLimits(deps, liveActionLimits(institutionId, user.userId));
      const state = await live.takeOver(institutionId, conversationId, user.userId, force, deps.clock.now());
      if (!state) throw await taken(scope);
      announce(scope, state);
      return toState(state);
    },

    /** Back to the assistant: the holder (or `team.manage`) of a held one, anyone of a waiting one. */
    async release(scope: ConversationScope): Promise<ConversationState> {
      const { institutionId, conversationId, user } = scope;
      await takeLimits(deps, liveActionLimits(institutionId, user.userId));
      const anyHolder = can(scope.roles, 'team.manage');
      const state = await live.release(
        institutionId,
        conversationId,
        user.userId,
        anyHolder,
        deps.clock.now(),
      );
      if (state) {
        announce(scope, state);
        return toState(state);
      }
      const now = await live.state(institutionId, conversationId);
      if (!now) throw notFound();
      // Already the assistant's: nothing to hand back.
      if (now.status === 'assistant') return toState(now);
      throw new ApiError(409, 'conversation_not_held');
    },

    /** The holder's message to the visitor (409 `conversation_not_held` for anyone else). */
    async reply(scope: ConversationScope, text: string): Promise<ChatMessage> {
      const { institutionId, conversationId, user } = scope;
      await takeLimits(deps, liveActionLimits(institutionId, user.userId));
      const named = await findUserName(db, user.userId);
      const name = named?.fullName.trim() || named?.email || user.email;
      const now = deps.clock.now();
      const id = await db.transaction(async (tx) => {
        const state = await liveRepo(tx).lock(institutionId, conversationId);
        if (!state) throw notFound();
        if (state.status !== 'human' || state.agentId !== user.userId)
          throw new ApiError(409, 'conversation_not_held');
        return visitorConversationsRepo(tx).addMessage({
          institutionId,
          conversationId,
          role: 'agent',
          content: text,
          agent: { id: user.userId, name },
          now,
        });
      });
      const message: ChatMessage = {
        id,
        role: 'agent',
        text,
        agent_name: name,
        sources: [],
        handoff: null,
        created_at: now.toISOString(),
      };
      toVisitor(deps.events, ref(scope), { event: 'message', data: message });
      toStaff(deps.events, ref(scope), 'human', message.id);
      return message;
    },

    /** Tells the visitor the holder is typing, at most once per TYPING_EVERY_MS per conversation. */
    async typing(scope: ConversationScope): Promise<boolean> {
      await takeLimits(deps, [typingLimit(scope.user.userId)]);
      const state = await live.state(scope.institutionId, scope.conversationId);
      if (!state) throw notFound();
      if (state.status !== 'human' || state.agentId !== scope.user.userId)
        throw new ApiError(409, 'conversation_not_held');
      const now = deps.clock.now().getTime();
      const last = typedAt.get(scope.conversationId);
      if (last !== undefined && now - last < TYPING_EVERY_MS) return false;
      for (const [id, at] of typedAt) if (now - at >= TYPING_EVERY_MS) typedAt.delete(id);
      typedAt.set(scope.conversationId, now);
      toVisitor(deps.events, ref(scope), { event: 'typing', data: { agent_name: state.agentName ?? '' } });
      return true;
    },
  };
}
