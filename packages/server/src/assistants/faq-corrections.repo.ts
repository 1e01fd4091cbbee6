/**
 * A staff correction's FAQ (issue 35, review/): the FAQ already answering the question gets the
 * corrected answer, or a new one is added after the others, within MAX_FAQS.
 */
import { MAX_FAQS } from '@conversa/contract/assistant';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { faqVectors } from '../db/embeddings-schema';
import { assistantFaqs } from '../db/schema';
import { bumpKnowledgeVersion, detectLanguage, textSearchConfig } from '../knowledge';
import { lockAssistant } from './faq-list.repo';

/** The FAQ a correction wrote: its id and whether it was one already there. */
export type CorrectedFaq = { faqId: number; updated: boolean } | { full: true };

/**
 * In the caller's transaction: sets `answer` on the assistant's FAQ whose question is `matching`
 * (the FAQ that answered the question), else adds `{question, answer}` last; `{full}` when the
 * assistant already has MAX_FAQS. The assistant's row is locked first, so two corrections at once
 * cannot both take the last place.
 */
export async function writeCorrectionFaq(
  tx: Db,
  input: {
    institutionId: number;
    assistantId: number;
    question: string;
    answer: string;
    matching: string | null;
  },
): Promise<CorrectedFaq> {
  const { institutionId, assistantId, question, answer } = input;
  await lockAssistant(tx, institutionId, assistantId);
  const ofAssistant = and(
    eq(assistantFaqs.institutionId, institutionId),
    eq(assistantFaqs.assistantId, assistantId),
  );
  if (input.matching !== null) {
    const [row] = await tx
      .update(assistantFaqs)
      .set({
        answer,
        language: textSearchConfig(detectLanguage(`${input.matching}\n${answer}`)),
      })
      .where(
        and(
          ofAssistant,
          eq(
            assistantFaqs.id,
            sql`(select id from ${assistantFaqs} where ${ofAssistant} and ${assistantFaqs.question} = ${input.matching} order by position limit 1)`,
          ),
        ),
      )
      .returning({ id: assistantFaqs.id });
    if (row) {
      // Its vector was of the old answer: gone, it is embedded again with the new one.
      await tx.delete(faqVectors).where(eq(faqVectors.faqId, row.id));
      await bumpKnowledgeVersion(tx, institutionId, assistantId);
      return { faqId: row.id, updated: true };
    }
  }
  const [stats] = await tx
    .select({
      n: sql<number>`count(*)::int`,
      last: sql<number>`coalesce(max(${assistantFaqs.position}), -1)::int`,
    })
    .from(assistantFaqs)
    .where(ofAssistant);
  if ((stats?.n ?? 0) >= MAX_FAQS) return { full: true };
  const [row] = await tx
    .insert(assistantFaqs)
    .values({
      institutionId,
      assistantId,
      position: (stats?.last ?? -1) + 1,
      question,
      answer,
      language: textSearchConfig(detectLanguage(`${question}\n${answer}`)),
    })
    .returning({ id: assistantFaqs.id });
  await bumpKnowledgeVersion(tx, institutionId, assistantId);
  return { faqId: row!.id, updated: false };
}
