// The tenant every in-process benchmark measures in: one institution and its admissions assistant.
import type { Db } from '../../packages/server/src/db/database';
import type { Locale } from '../../packages/contract/src/constants';
import { assistants, institutions } from '../../packages/server/src/db/schema';
import { assistantFiles } from '../../packages/server/src/db/knowledge-schema';
import { type ComposedAnswer, composeAnswer } from '../../packages/server/src/knowledge/answer/compose';
import { replaceChunks } from '../../packages/server/src/knowledge/index.repo';

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

/**
 * A file of the bench assistant that is `ready`, its chunks given by `chunks` and indexed as the
 * processing job indexes them (`replaceChunks`); resolves to its id.
 */
export async function benchFile(
  db: Db,
  scope: { institutionId: number; assistantId: number },
  file: { name: string; type: 'pdf' | 'txt'; chunks: string[] },
): Promise<number> {
  const [row] = await db
    .insert(assistantFiles)
    .values({
      ...scope,
      name: file.name,
      type: file.type,
      size: 1,
      sha256: '-',
      storageKey: '-',
      state: 'ready',
    })
    .returning({ id: assistantFiles.id });
  await replaceChunks(db, { ...scope, fileId: row!.id, source: 'file', chunks: file.chunks });
  return row!.id;
}

/** The chat's answer to a question without a model (`composeAnswer`), its events drained. */
export async function benchAnswer(
  db: Db,
  scope: { institutionId: number; assistantId: number },
  question: string,
  locale: Locale,
): Promise<ComposedAnswer> {
  const events = composeAnswer({
    db,
    llm: null,
    ...scope,
    question,
    assistantName: 'Bench school',
    fallbackLocale: locale,
    handoff: {
      name: 'Admissions office',
      email: 'admissions@school.example',
      phone: null,
      hours: null,
      message: null,
    },
  });
  for (;;) {
    const step = await events.next();
    if (step.done) return step.value;
  }
}
