/** Sets an assistant's logo; the caller removes the replaced file from storage. */
import type { AssistantDetail } from '@conversa/contract/assistant';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { assistants } from '../db/schema';
import { assistantColumns, toDetail } from './assistants.repo';

/** The logo writes of one database. */
export function logoRepo(db: Db, publicUrl: string) {
  return {
    /** Points the assistant at a new logo; null when the assistant is not there. */
    async setLogo(
      institutionId: number,
      id: number,
      logo: string,
      now: Date,
    ): Promise<{ assistant: AssistantDetail; replaced: string | null } | null> {
      const where = and(eq(assistants.institutionId, institutionId), eq(assistants.id, id));
      return db.transaction(async (tx) => {
        const [current] = await tx
          .select({ logo: assistants.logo })
          .from(assistants)
          .where(where)
          .for('update');
        if (!current) return null;
        const [row] = await tx
          .update(assistants)
          .set({ logo, updatedAt: now })
          .where(where)
          .returning(assistantColumns);
        return { assistant: toDetail(row!, publicUrl), replaced: current.logo };
      });
    },
  };
}
