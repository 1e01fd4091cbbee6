/** Writes of assistants and their settings, knowledge base and FAQs. */
import type { AssistantDetail, Faq } from '@conversa/contract/assistant';
import type { InstitutionKind } from '@conversa/contract/institution';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { assistantFaqs, assistants, institutions } from '../db/schema';
import { chunkText, replaceChunks } from '../knowledge';
import { assistantColumns, toDetail } from './assistants.repo';
import { saveFaqs } from './faq-list.repo';
import { queueHandoffConfirmation } from './handoff-confirmation.job';

/** The columns an assistant update may set. */
export type AssistantChanges = Partial<
  Pick<
    typeof assistants.$inferInsert,
    | 'name'
    | 'suggestedQuestions'
    | 'handoff'
    | 'publicLinkActive'
    | 'snippet'
    | 'liveChat'
    | 'handoffTokenHash'
    | 'handoffTokenEmail'
    | 'handoffTokenExpiresAt'
  >
>;

/** Assistant writes and settings reads of one database. */
export function assistantSettingsRepo(db: Db, publicUrl: string) {
  const assistant = (institutionId: number, id: number) =>
    and(eq(assistants.institutionId, institutionId), eq(assistants.id, id));

  return {
    /** The kind of an institution, or null when there is none. */
    async institutionKind(institutionId: number): Promise<InstitutionKind | null> {
      const [row] = await db
        .select({ kind: institutions.kind })
        .from(institutions)
        .where(eq(institutions.id, institutionId))
        .limit(1);
      return (row?.kind as InstitutionKind | undefined) ?? null;
    },

    /**
     * Inserts an assistant with default settings; null when the institution has `quota` assistants
     * already (null quota: no limit).
     */
    async create(
      institutionId: number,
      input: { type: string; name: string },
      now: Date,
      quota: number | null,
    ): Promise<AssistantDetail | null> {
      const row = await db.transaction(async (tx) => {
        if (quota !== null) {
          // The institution's row is locked until commit: concurrent creations count one at a time.
          await tx.execute(sql`select id from ${institutions} where id = ${institutionId} for update`);
          const [existing] = await tx
            .select({ n: count() })
            .from(assistants)
            .where(eq(assistants.institutionId, institutionId));
          if ((existing?.n ?? 0) >= quota) return null;
        }
        const [inserted] = await tx
          .insert(assistants)
          .values({ institutionId, type: input.type, name: input.name, createdAt: now, updatedAt: now })
          .returning(assistantColumns);
        return inserted!;
      });
      return row ? toDetail(row, publicUrl) : null;
    },

    /**
     * Applies changes to an assistant of the institution; null when it is not there. With
     * `mailConfirmation`, the handoff address's confirmation mail is queued in the same transaction.
     */
    async update(
      institutionId: number,
      id: number,
      changes: AssistantChanges,
      now: Date,
      mailConfirmation = false,
    ): Promise<AssistantDetail | null> {
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(assistants)
          .set({ ...changes, updatedAt: now })
          .where(assistant(institutionId, id))
          .returning(assistantColumns);
        if (updated && mailConfirmation) await queueHandoffConfirmation(tx, institutionId, id, now);
        return updated;
      });
      return row ? toDetail(row, publicUrl) : null;
    },

    /** The knowledge base text of an assistant; null when the assistant is not there. */
    async knowledgeBase(institutionId: number, id: number): Promise<string | null> {
      const [row] = await db
        .select({ text: assistants.knowledgeBase })
        .from(assistants)
        .where(assistant(institutionId, id))
        .limit(1);
      return row?.text ?? null;
    },

    /**
     * Replaces the knowledge base text and its search index together; false when the assistant is
     * not there.
     */
    async setKnowledgeBase(institutionId: number, id: number, text: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(assistants)
          .set({ knowledgeBase: text, updatedAt: now })
          .where(assistant(institutionId, id))
          .returning({ id: assistants.id });
        if (rows.length === 0) return false;
        await replaceChunks(tx, {
          institutionId,
          assistantId: id,
          fileId: null,
          source: 'knowledge_base',
          chunks: chunkText(text),
        });
        return true;
      });
    },

    /** The FAQs of an assistant, in order. */
    async faqs(institutionId: number, assistantId: number): Promise<Faq[]> {
      return db
        .select({ id: assistantFaqs.id, question: assistantFaqs.question, answer: assistantFaqs.answer })
        .from(assistantFaqs)
        .where(
          and(eq(assistantFaqs.institutionId, institutionId), eq(assistantFaqs.assistantId, assistantId)),
        )
        .orderBy(asc(assistantFaqs.position));
    },

    /** Saves the FAQ list, keeping the rows of FAQs that stay (faq-list.repo.ts). */
    saveFaqs: (institutionId: number, assistantId: number, faqs: Faq[]) =>
      saveFaqs(db, institutionId, assistantId, faqs),
  };
}
