/**
 * A conversation's live state (docs/product.md#live-conversations): who answers it and which staff
 * member holds it. Each change is one conditional statement, so two staff taking one conversation
 * at once cannot both win. Every query names the institution.
 */
import type { ConversationStatus } from '@conversa/contract/chat';
import { and, eq, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { conversations } from '../db/conversations-schema';
import { agentName } from '../chat';

/** Who answers a conversation and who holds it. */
export interface LiveState {
  status: ConversationStatus;
  /** When the status last changed (null before the first change). */
  statusAt: Date | null;
  agentId: number | null;
  agentName: string | null;
}

const stateColumns = {
  statusAt: conversations.statusAt,
  status: conversations.status,
  agentId: conversations.agentId,
  agentName: agentName(conversations.agentId),
};

/** The live state queries of one database (or transaction). */
export function liveRepo(db: DbOrTx) {
  const one = (institutionId: number, id: string) =>
    and(eq(conversations.institutionId, institutionId), eq(conversations.id, id))!;

  /** Sets the state where `when` holds; the new state, or null when it did not hold. */
  async function change(
    institutionId: number,
    id: string,
    set: { status: ConversationStatus; agentId: number | null },
    now: Date,
    when: SQL | undefined,
  ): Promise<LiveState | null> {
    const [row] = await db
      .update(conversations)
      .set({ ...set, statusAt: now })
      .where(and(one(institutionId, id), when))
      .returning(stateColumns);
    return row ?? null;
  }

  return {
    /** Each assistant's conversations waiting for a person or held by one (the partial index `conversations_live_idx`). */
    async counts(institutionId: number) {
      return db
        .select({
          assistantId: conversations.assistantId,
          waiting: sql<number>`count(*) filter (where ${conversations.status} = 'waiting')::integer`,
          human: sql<number>`count(*) filter (where ${conversations.status} = 'human')::integer`,
        })
        .from(conversations)
        .where(and(eq(conversations.institutionId, institutionId), ne(conversations.status, 'assistant')))
        .groupBy(conversations.assistantId)
        .orderBy(conversations.assistantId);
    },

    /** The state now; null when the conversation is not the institution's. */
    async state(institutionId: number, id: string): Promise<LiveState | null> {
      const [row] = await db.select(stateColumns).from(conversations).where(one(institutionId, id));
      return row ?? null;
    },

    /** The state, its row locked until the transaction ends. */
    async lock(institutionId: number, id: string): Promise<LiveState | null> {
      const [row] = await db
        .select({
          status: conversations.status,
          agentId: conversations.agentId,
          statusAt: conversations.statusAt,
        })
        .from(conversations)
        .where(one(institutionId, id))
        .for('update');
      return row ? { ...row, agentName: null } : null;
    },

    /**
     * The visitor asks for a person: a conversation the assistant answers starts waiting (from
     * `now`); one already waiting or held stays as it is. The state, and whether it changed.
     */
    async askForPerson(institutionId: number, id: string, now: Date) {
      const changed = await change(
        institutionId,
        id,
        { status: 'waiting', agentId: null },
        now,
        eq(conversations.status, 'assistant'),
      );
      if (changed) return { state: changed, changed: true };
      const [state] = await db.select(stateColumns).from(conversations).where(one(institutionId, id));
      return state ? { state, changed: false } : null;
    },

    /**
     * Nobody took a conversation waiting since `since`: back to the assistant. Null when it is no
     * longer that wait (taken, handed back, or asked for again since).
     */
    giveUpWaiting(institutionId: number, id: string, since: Date, now: Date) {
      return change(
        institutionId,
        id,
        { status: 'assistant', agentId: null },
        now,
        and(eq(conversations.status, 'waiting'), eq(conversations.statusAt, since)),
      );
    },

    /**
     * `userId` takes the conversation unless a colleague holds it (`force` takes it anyway); null
     * when a colleague does.
     */
    takeOver(institutionId: number, id: string, userId: number, force: boolean, now: Date) {
      const free = or(ne(conversations.status, 'human'), eq(conversations.agentId, userId));
      return change(institutionId, id, { status: 'human', agentId: userId }, now, force ? undefined : free);
    },

    /**
     * Back to the assistant: a waiting conversation by anyone, a held one by its holder (or by anyone
     * when `anyHolder`); null otherwise.
     */
    release(institutionId: number, id: string, userId: number, anyHolder: boolean, now: Date) {
      const mayRelease = anyHolder
        ? ne(conversations.status, 'assistant')
        : or(eq(conversations.status, 'waiting'), eq(conversations.agentId, userId));
      return change(institutionId, id, { status: 'assistant', agentId: null }, now, mayRelease);
    },
  };
}
