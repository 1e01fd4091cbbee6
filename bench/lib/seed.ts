// The tenant every in-process benchmark measures in: one institution and its admissions assistant.
import type { Db } from '../../packages/server/src/db/database';
import { assistants, institutions } from '../../packages/server/src/db/schema';

/** Inserts the bench institution and assistant; resolves to their ids. */
export async function benchAssistant(db: Db): Promise<{ institutionId: number; assistantId: number }> {
  const [institution] = await db
    .insert(institutions)
    .values({ name: 'Bench School', kind: 'school', country: 'ES' })
    .returning({ id: institutions.id });
  const [assistant] = await db
    .insert(assistants)
    .values({ institutionId: institution!.id, type: 'admission', name: 'Bench Assistant' })
    .returning({ id: assistants.id });
  return { institutionId: institution!.id, assistantId: assistant!.id };
}
