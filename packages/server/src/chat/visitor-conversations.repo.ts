/**
 * Public chat queries: the assistant a public path names, conversations and their messages. Every
 * query names the institution or reaches it through the assistant (docs/architecture.md#tenancy-and-auth).
 */
import {
  type Handoff,
  type LiveChat,
  MAX_SUGGESTED_QUESTIONS,
  type Snippet,
} from '@conversa/contract/assistant';
import type { ConversationStatus, Correction, Rating, Source } from '@conversa/contract/chat';
import type { AssistantType } from '@conversa/contract/assistant-type';
import { type AnyColumn, and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { DbOrTx } from '../db/database';
import { ownerLocale } from '../assistants';
import { assistantFaqs, assistants, institutions, users } from '../db/schema';
import { conversations, messages } from '../db/conversations-schema';

/** The channel of the trainer's preview conversations ("try it"): kept out of lists, figures and the review queue. */
export const PREVIEW_CHANNEL = 'preview';

/** An embed snippet's external id; anything else names no assistant (and never reaches a uuid column). */
const ExternalIdSchema = v.pipe(v.string(), v.uuid());

/** A public assistant and what decides its language. */
export interface AssistantRow {
  assistantId: number;
  institutionId: number;
  externalId: string;
  type: AssistantType;
  name: string;
  logo: string | null;
  suggestedQuestions: string[];
  handoff: Handoff | null;
  active: boolean;
  snippet: Snippet;
  /** The institution's name: the public page greets in it. */
  institutionName: string;
  /** The first FAQs' questions (up to three), offered when the assistant has no suggested questions. */
  faqQuestions: string[];
  country: string | null;
  /** The institution's website URL, if it gave one. */
  website: string | null;
  /** The locale of the institution's first main member (its owner). */
  ownerLocale: string | null;
  /** Whether and when a person may step into its conversations. */
  liveChat: LiveChat;
}

/** A conversation with its assistant's settings. */
export interface ConversationRow extends AssistantRow {
  id: string;
  locale: string;
  /** `web`, or `preview` for the trainer's "try it". */
  channel: string;
  /** Who answers it now: the assistant, or a person (asked for, or holding it). */
  status: ConversationStatus;
}

export interface MessageRow {
  id: number;
  role: 'user' | 'assistant' | 'agent';
  content: string;
  /** The staff member's name on an `agent` message. */
  agentName: string | null;
  sources: Source[];
  handoff: boolean;
  /** False for an answer that said it did not know. */
  answered: boolean;
  createdAt: Date;
  /** The visitor's rating of an answer and their reason (issue 35). */
  rating: Rating | null;
  ratingReason: string | null;
  /** Staff corrected the answer. */
  corrected: Correction | null;
}

/** A staff member's name as a conversation shows its holder: their full name, else their e-mail. */
export const agentName = (userId: AnyColumn) =>
  sql<
    string | null
  >`(select coalesce(nullif(trim(${users.fullName}), ''), ${users.email}) from ${users} where ${users.id} = ${userId})`;

const assistantColumns = {
  assistantId: assistants.id,
  institutionId: assistants.institutionId,
  externalId: assistants.externalId,
  type: sql<AssistantType>`${assistants.type}`,
  name: assistants.name,
  // The public pages and the widget show the institution's logo where the assistant has none.
  logo: sql<string | null>`coalesce(${assistants.logo}, ${institutions.logo})`,
  suggestedQuestions: assistants.suggestedQuestions,
  handoff: assistants.handoff,
  active: assistants.publicLinkActive,
  snippet: assistants.snippet,
  institutionName: institutions.name,
  faqQuestions: sql<string[]>`(
    select coalesce(json_agg(f.question order by f.position), '[]'::json) from (
      select ${assistantFaqs.question} as question, ${assistantFaqs.position} as position from ${assistantFaqs}
      where ${assistantFaqs.institutionId} = ${assistants.institutionId} and ${assistantFaqs.assistantId} = ${assistants.id}
      order by ${assistantFaqs.position} limit ${sql.raw(String(MAX_SUGGESTED_QUESTIONS))}) f)`,
  country: institutions.country,
  website: institutions.websiteUrl,
  ownerLocale,
  liveChat: assistants.liveChat,
};

const messageColumns = {
  id: messages.id,
  role: messages.role,
  content: messages.content,
  sources: messages.sources,
  handoff: messages.handoff,
  answered: messages.answered,
  agentName: messages.agentName,
  createdAt: messages.createdAt,
  rating: messages.rating,
  ratingReason: messages.ratingReason,
  corrected: messages.corrected,
};
const asMessageRow = (row: Omit<MessageRow, 'role'> & { role: string }): MessageRow => ({
  ...row,
  role: row.role as MessageRow['role'],
});

/** The public chat queries of one database. */
export function visitorConversationsRepo(db: DbOrTx) {
  return {
    /**
     * The assistant an institution's public page of a type serves: the first (oldest) one whose public
     * link is on; when every link is off, the first one (its page then says the link is inactive). So an
     * institution with several assistants of a type publishes another by switching the older ones off.
     */
    async assistant(institutionId: number, type: AssistantType): Promise<AssistantRow | null> {
      const [row] = await db
        .select(assistantColumns)
        .from(assistants)
        .innerJoin(institutions, eq(institutions.id, assistants.institutionId))
        .where(and(eq(assistants.institutionId, institutionId), eq(assistants.type, type)))
        .orderBy(desc(assistants.publicLinkActive), asc(assistants.id))
        .limit(1);
      return row ?? null;
    },

    /** An assistant of the institution by its id, with its settings; null when there is none. */
    async byId(institutionId: number, assistantId: number): Promise<AssistantRow | null> {
      const [row] = await db
        .select(assistantColumns)
        .from(assistants)
        .innerJoin(institutions, eq(institutions.id, assistants.institutionId))
        .where(and(eq(assistants.institutionId, institutionId), eq(assistants.id, assistantId)))
        .limit(1);
      return row ?? null;
    },

    /** The assistant of an embed snippet (any assistant type); null when no assistant has the id (or it is no UUID). */
    async byExternalId(externalId: string): Promise<AssistantRow | null> {
      if (!v.is(ExternalIdSchema, externalId)) return null;
      const [row] = await db
        .select(assistantColumns)
        .from(assistants)
        .innerJoin(institutions, eq(institutions.id, assistants.institutionId))
        .where(eq(assistants.externalId, externalId.toLowerCase()))
        .limit(1);
      return row ?? null;
    },

    /** Starts a conversation (a visitor's on the web by default); resolves to its id. */
    async create(input: {
      institutionId: number;
      assistantId: number;
      locale: string;
      now: Date;
      channel?: string;
    }): Promise<string> {
      const [row] = await db
        .insert(conversations)
        .values({
          institutionId: input.institutionId,
          assistantId: input.assistantId,
          locale: input.locale,
          createdAt: input.now,
          lastMessageAt: input.now,
          ...(input.channel ? { channel: input.channel } : {}),
        })
        .returning({ id: conversations.id });
      return row!.id;
    },

    /** A conversation of an assistant with the assistant's settings; null when there is none. */
    async find(id: string, assistantId: number): Promise<ConversationRow | null> {
      const [row] = await db
        .select({
          ...assistantColumns,
          id: conversations.id,
          locale: conversations.locale,
          channel: conversations.channel,
          status: conversations.status,
        })
        .from(conversations)
        .innerJoin(
          assistants,
          and(
            eq(assistants.id, conversations.assistantId),
            eq(assistants.institutionId, conversations.institutionId),
          ),
        )
        .innerJoin(institutions, eq(institutions.id, conversations.institutionId))
        .where(and(eq(conversations.id, id), eq(conversations.assistantId, assistantId)))
        .limit(1);
      return row ?? null;
    },

    /**
     * Stores a message and marks the conversation's last activity, in one statement. An `agent`
     * message (a staff member's) counts as a message but is no answer of the assistant's.
     */
    async addMessage(input: {
      institutionId: number;
      conversationId: string;
      role: 'user' | 'assistant' | 'agent';
      content: string;
      /** The staff member writing an `agent` message. */
      agent?: { id: number; name: string };
      sources?: Source[];
      handoff?: boolean;
      /** False for an answer that said it did not know. */
      answered?: boolean;
      /** The language a question was written in, when it could be told: the conversation's from now on. */
      locale?: string | null;
      now: Date;
    }): Promise<number> {
      const handoff = input.handoff ?? false;
      const answered = input.answered ?? true;
      // The list's and the dashboard's columns move with each message: its counts, the first
      // question, the handoff (the dashboard's figures follow through a trigger, migration 0009).
      const touched = db.$with('touched').as(
        db
          .update(conversations)
          .set({
            lastMessageAt: input.now,
            messageCount: sql`${conversations.messageCount} + 1`,
            ...(input.locale ? { locale: input.locale } : {}),
            ...(input.role === 'agent'
              ? {}
              : input.role === 'user'
                ? {
                    firstQuestion: sql`coalesce(${conversations.firstQuestion}, ${input.content})`,
                    questions: sql`${conversations.questions} + 1`,
                  }
                : {
                    answered: sql`${conversations.answered} + ${answered ? 1 : 0}`,
                    handedOff: sql`${conversations.handedOff} + ${handoff ? 1 : 0}`,
                    // An answer that did not know or offered a human leaves its question unanswered.
                    ...(!answered || handoff
                      ? {
                          unanswered: sql`${conversations.unanswered} || (
                          select array_agg(q.content) from (
                            select content from ${messages}
                            where institution_id = ${input.institutionId}
                              and conversation_id = ${input.conversationId} and role = 'user'
                            order by id desc limit 1) q)`,
                        }
                      : {}),
                  }),
            ...(handoff ? { handoff: true } : {}),
          })
          .where(
            and(
              eq(conversations.institutionId, input.institutionId),
              eq(conversations.id, input.conversationId),
            ),
          )
          .returning({ id: conversations.id }),
      );
      const [row] = await db
        .with(touched)
        .insert(messages)
        .values({
          institutionId: input.institutionId,
          conversationId: input.conversationId,
          role: input.role,
          content: input.content,
          sources: input.sources ?? [],
          handoff,
          answered,
          agentId: input.agent?.id ?? null,
          agentName: input.agent?.name ?? null,
          createdAt: input.now,
        })
        .returning({ id: messages.id });
      return row!.id;
    },

    /** Who answers the conversation and its holder's name; null when it is gone. */
    async liveState(institutionId: number, conversationId: string) {
      const [row] = await db
        .select({ status: conversations.status, agentName: agentName(conversations.agentId) })
        .from(conversations)
        .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, conversationId)));
      return row ?? null;
    },

    /** A person's replies after message `afterId`, oldest first, at most `limit`. */
    async repliesAfter(institutionId: number, conversationId: string, afterId: number, limit: number) {
      const rows = await db
        .select(messageColumns)
        .from(messages)
        .where(
          and(
            eq(messages.institutionId, institutionId),
            eq(messages.conversationId, conversationId),
            eq(messages.role, 'agent'),
            gt(messages.id, afterId),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map(asMessageRow);
    },

    /** Who answers the conversation, its row locked until the transaction ends; null when it is gone. */
    async lockStatus(institutionId: number, conversationId: string): Promise<ConversationStatus | null> {
      const [row] = await db
        .select({ status: conversations.status })
        .from(conversations)
        .where(and(eq(conversations.institutionId, institutionId), eq(conversations.id, conversationId)))
        .for('update');
      return row?.status ?? null;
    },

    /** The last `limit` messages of a conversation, oldest first (what an answer is given as context). */
    async recentMessages(
      institutionId: number,
      conversationId: string,
      limit: number,
    ): Promise<Pick<MessageRow, 'role' | 'content'>[]> {
      const rows = await db
        .select({ role: messages.role, content: messages.content })
        .from(messages)
        .where(and(eq(messages.institutionId, institutionId), eq(messages.conversationId, conversationId)))
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.reverse().map((row) => ({ ...row, role: row.role as MessageRow['role'] }));
    },

    /** The messages of a conversation, oldest first. */
    async messages(institutionId: number, conversationId: string): Promise<MessageRow[]> {
      const rows = await db
        .select(messageColumns)
        .from(messages)
        .where(and(eq(messages.institutionId, institutionId), eq(messages.conversationId, conversationId)))
        .orderBy(asc(messages.id));
      return rows.map(asMessageRow);
    },
  };
}
