/** Writes of products and their assistant settings, knowledge base and FAQs. */
import type { Faq, InstitutionProductDetail } from '@conversa/contract/assistant';
import type { InstitutionKind } from '@conversa/contract/institution';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { institutionProducts, institutions, productFaqs } from '../db/schema';
import { replaceChunks } from '../knowledge/index.repo';
import { chunkText } from '../knowledge/text/chunk';
import { detectLanguage, textSearchConfig } from '../knowledge/text/language';
import { productColumns, toDetail } from './products.repo';

/** The columns a product update may set. */
export type ProductChanges = Partial<
  Pick<
    typeof institutionProducts.$inferInsert,
    'name' | 'suggestedQuestions' | 'handoff' | 'publicLinkActive' | 'snippet'
  >
>;

/** Product writes and settings reads of one database. */
export function assistantSettingsRepo(db: Db, publicUrl: string) {
  const product = (institutionId: number, id: number) =>
    and(eq(institutionProducts.institutionId, institutionId), eq(institutionProducts.id, id));

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
     * Inserts a product with default settings; null when the institution has `quota` products
     * already (null quota: no limit).
     */
    async create(
      institutionId: number,
      input: { type: string; name: string },
      now: Date,
      quota: number | null,
    ): Promise<InstitutionProductDetail | null> {
      const row = await db.transaction(async (tx) => {
        if (quota !== null) {
          // The institution's row is locked until commit: concurrent creations count one at a time.
          await tx.execute(sql`select id from ${institutions} where id = ${institutionId} for update`);
          const [existing] = await tx
            .select({ n: count() })
            .from(institutionProducts)
            .where(eq(institutionProducts.institutionId, institutionId));
          if ((existing?.n ?? 0) >= quota) return null;
        }
        const [inserted] = await tx
          .insert(institutionProducts)
          .values({ institutionId, type: input.type, name: input.name, createdAt: now, updatedAt: now })
          .returning(productColumns);
        return inserted!;
      });
      return row ? toDetail(row, publicUrl) : null;
    },

    /** Applies changes to a product of the institution; null when it is not there. */
    async update(
      institutionId: number,
      id: number,
      changes: ProductChanges,
      now: Date,
    ): Promise<InstitutionProductDetail | null> {
      const [row] = await db
        .update(institutionProducts)
        .set({ ...changes, updatedAt: now })
        .where(product(institutionId, id))
        .returning(productColumns);
      return row ? toDetail(row, publicUrl) : null;
    },

    /** The knowledge base text of a product; null when the product is not there. */
    async knowledgeBase(institutionId: number, id: number): Promise<string | null> {
      const [row] = await db
        .select({ text: institutionProducts.knowledgeBase })
        .from(institutionProducts)
        .where(product(institutionId, id))
        .limit(1);
      return row?.text ?? null;
    },

    /**
     * Replaces the knowledge base text and its search index together; false when the product is
     * not there.
     */
    async setKnowledgeBase(institutionId: number, id: number, text: string, now: Date): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .update(institutionProducts)
          .set({ knowledgeBase: text, updatedAt: now })
          .where(product(institutionId, id))
          .returning({ id: institutionProducts.id });
        if (rows.length === 0) return false;
        await replaceChunks(tx, {
          institutionId,
          productId: id,
          fileId: null,
          source: 'knowledge_base',
          chunks: chunkText(text),
        });
        return true;
      });
    },

    /** The FAQs of a product, in order. */
    async faqs(institutionId: number, productId: number): Promise<Faq[]> {
      return db
        .select({ question: productFaqs.question, answer: productFaqs.answer })
        .from(productFaqs)
        .where(and(eq(productFaqs.institutionId, institutionId), eq(productFaqs.productId, productId)))
        .orderBy(asc(productFaqs.position));
    },

    /** Replaces all FAQs of a product in one transaction; each is searched in its own language. */
    async replaceFaqs(institutionId: number, productId: number, faqs: Faq[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(productFaqs)
          .where(and(eq(productFaqs.institutionId, institutionId), eq(productFaqs.productId, productId)));
        if (faqs.length > 0) {
          await tx.insert(productFaqs).values(
            faqs.map((faq, position) => ({
              institutionId,
              productId,
              position,
              ...faq,
              language: textSearchConfig(detectLanguage(`${faq.question}\n${faq.answer}`)),
            })),
          );
        }
      });
    },
  };
}
