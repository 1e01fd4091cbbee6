/**
 * Saving an assistant's whole FAQ list (`PUT institution-product/{id}/faq`) without rewriting it:
 * the FAQs that stay keep their rows (and ids), so a correction's `corrected.faq_id` (review/) and
 * the vectors of unchanged FAQs stay valid.
 */
import type { Faq } from '@conversa/contract/assistant';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { faqVectors } from '../db/embeddings-schema';
import { assistantFaqs, assistants } from '../db/schema';
import { bumpKnowledgeVersion, detectLanguage, textSearchConfig } from '../knowledge';

/** A saved FAQ: its row's id and text. */
export type StoredFaq = Omit<Faq, 'id'> & { id: number };

/** What a save does to the rows: the kept ones by the index of their FAQ in the list. */
export interface FaqPlan<Row extends StoredFaq> {
  /** `kept[i]`: the row the list's FAQ `i` keeps, or undefined for a new FAQ. */
  kept: (Row | undefined)[];
  /** The rows no FAQ of the list keeps. */
  removed: Row[];
}

/**
 * Pairs the list to save with the stored rows. A FAQ sent with the id of a stored row keeps that
 * row (the console sends back the ids it read); then one without keeps the row with the same
 * question; then one whose question was edited keeps the row with the same answer (clients that
 * send no ids). Each row goes to one FAQ, the first in list order; an id that is not one of the
 * stored rows' is no claim to anything.
 */
export function planFaqs<Row extends StoredFaq>(stored: Row[], faqs: Faq[]): FaqPlan<Row> {
  const kept: (Row | undefined)[] = faqs.map(() => undefined);
  const free = new Set(stored);
  for (const by of ['id', 'question', 'answer'] as const) {
    faqs.forEach((faq, index) => {
      if (kept[index]) return;
      if (by === 'id' && faq.id === undefined) return;
      const row = [...free].find((candidate) => candidate[by] === faq[by]);
      if (!row) return;
      kept[index] = row;
      free.delete(row);
    });
  }
  return { kept, removed: [...free] };
}

/**
 * Locks the assistant's row until the transaction ends: writes of its FAQs (a save of the list, a
 * correction) then happen one at a time, so two cannot both take the last of the MAX_FAQS places.
 */
export async function lockAssistant(tx: Db, institutionId: number, assistantId: number) {
  await tx
    .select({ id: assistants.id })
    .from(assistants)
    .where(and(eq(assistants.institutionId, institutionId), eq(assistants.id, assistantId)))
    .for('update');
}

const languageOf = (faq: Faq) => textSearchConfig(detectLanguage(`${faq.question}\n${faq.answer}`));

/**
 * In one transaction under the assistant's row lock (as a correction's FAQ is written): keeps the
 * rows of FAQs that stay, updates the changed ones (their vectors go, to be embedded again), adds
 * the new, deletes the removed. An answer corrected into a removed FAQ keeps its `corrected` with
 * `faq_id: null`: the FAQ it pointed to is gone. Answers the saved list with ids, in order.
 */
export async function saveFaqs(
  db: Db,
  institutionId: number,
  assistantId: number,
  faqs: Faq[],
): Promise<StoredFaq[]> {
  return db.transaction(async (tx) => {
    await lockAssistant(tx, institutionId, assistantId);
    const ofAssistant = and(
      eq(assistantFaqs.institutionId, institutionId),
      eq(assistantFaqs.assistantId, assistantId),
    );
    const stored = await tx
      .select({
        id: assistantFaqs.id,
        question: assistantFaqs.question,
        answer: assistantFaqs.answer,
        position: assistantFaqs.position,
      })
      .from(assistantFaqs)
      .where(ofAssistant)
      .orderBy(asc(assistantFaqs.position));
    const { kept, removed } = planFaqs(stored, faqs);

    if (removed.length > 0) {
      const gone = removed.map((row) => row.id);
      await tx.execute(sql`
        update messages set corrected = jsonb_set(corrected, '{faq_id}', 'null'::jsonb)
        where institution_id = ${institutionId} and corrected is not null
          and (corrected->>'faq_id')::integer = any(${sql.param(gone)}::integer[])`);
      await tx.delete(assistantFaqs).where(and(ofAssistant, inArray(assistantFaqs.id, gone)));
    }

    const rewritten: number[] = [];
    const changed = faqs.flatMap((faq, position) => {
      const row = kept[position];
      if (!row) return [];
      const textChanged = row.question !== faq.question || row.answer !== faq.answer;
      if (textChanged) rewritten.push(row.id);
      else if (row.position === position) return [];
      const { question, answer } = faq;
      return [{ id: row.id, position, question, answer, language: textChanged ? languageOf(faq) : null }];
    });
    if (changed.length > 0) {
      // One statement for all: a null language keeps the row's (its text did not change).
      await tx.execute(sql`
        update product_faqs f set position = t.position, question = t.question, answer = t.answer,
          language = coalesce(t.language::regconfig, f.language)
        from unnest(${sql.param(changed.map((row) => row.id))}::integer[],
          ${sql.param(changed.map((row) => row.position))}::integer[],
          ${sql.param(changed.map((row) => row.question))}::text[],
          ${sql.param(changed.map((row) => row.answer))}::text[],
          ${sql.param(changed.map((row) => row.language))}::text[]) as t(id, position, question, answer, language)
        where f.id = t.id and f.institution_id = ${institutionId} and f.product_id = ${assistantId}`);
    }
    if (rewritten.length > 0) await tx.delete(faqVectors).where(inArray(faqVectors.faqId, rewritten));

    const added = faqs.flatMap((faq, position) =>
      kept[position]
        ? []
        : [
            {
              institutionId,
              assistantId,
              position,
              question: faq.question,
              answer: faq.answer,
              language: languageOf(faq),
            },
          ],
    );
    const inserted =
      added.length > 0
        ? await tx
            .insert(assistantFaqs)
            .values(added)
            .returning({ id: assistantFaqs.id, position: assistantFaqs.position })
        : [];
    const newIds = new Map(inserted.map((row) => [row.position, row.id]));
    if (removed.length > 0 || changed.length > 0 || added.length > 0) {
      await bumpKnowledgeVersion(tx, institutionId, assistantId);
    }
    return faqs.map((faq, position) => ({
      id: kept[position]?.id ?? newIds.get(position)!,
      question: faq.question,
      answer: faq.answer,
    }));
  });
}
