/**
 * Queries of uploaded files; rows become `AssistantFile` here. Every query filters by institution
 * (docs/architecture.md#tenancy-and-auth). Files are created under a lock on the assistant
 * row, so two uploads at once cannot pass the count limit together.
 */
import type { AssistantFile, FileFailureReason, FileType } from '@conversa/contract/knowledge';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/database';
import { assistants, jobs } from '../db/schema';
import { assistantFiles } from '../db/knowledge-schema';

/** The job kind that reads, chunks and indexes a file. */
export const PROCESS_FILE = 'process_file';

export type FileRow = typeof assistantFiles.$inferSelect;

/** A file accepted by an upload, its bytes already in storage. */
export interface NewFile {
  name: string;
  type: FileType;
  size: number;
  sha256: string;
  storageKey: string;
}

/** A row as the API shows it. */
export function toAssistantFile(row: FileRow): AssistantFile {
  return {
    id: row.id,
    name: row.name,
    type: row.type as FileType,
    size: row.size,
    state: row.state as AssistantFile['state'],
    reason: (row.reason as FileFailureReason | null) ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export type CreateResult =
  | {
      ok: true;
      /** One per accepted file, in upload order (a duplicate is the file already there). */
      files: AssistantFile[];
      /** The rows inserted now (each with its job). */
      created: AssistantFile[];
      /** Storage keys of duplicates, no longer needed. */
      unused: string[];
    }
  | { ok: false; reason: 'too_many_files' | 'not_found' };

/** The file queries of one database. */
export function filesRepo(db: DbOrTx) {
  const ofAssistant = (institutionId: number, assistantId: number) =>
    and(eq(assistantFiles.institutionId, institutionId), eq(assistantFiles.assistantId, assistantId));

  return {
    /** An assistant's files, newest first. */
    async list(institutionId: number, assistantId: number): Promise<AssistantFile[]> {
      const rows = await db
        .select()
        .from(assistantFiles)
        .where(ofAssistant(institutionId, assistantId))
        .orderBy(desc(assistantFiles.id));
      return rows.map(toAssistantFile);
    },

    /** How many files an assistant has, and their content hashes. */
    async census(
      institutionId: number,
      assistantId: number,
    ): Promise<{ count: number; hashes: Set<string> }> {
      const rows = await db
        .select({ sha256: assistantFiles.sha256 })
        .from(assistantFiles)
        .where(ofAssistant(institutionId, assistantId));
      return { count: rows.length, hashes: new Set(rows.map((row) => row.sha256)) };
    },

    /**
     * Inserts the files, under a lock on the assistant row: run it in the transaction that queues
     * their processing. Content already in the assistant is not stored twice: its existing file
     * stands for it. Refuses when the assistant would hold more than `maxCount` files.
     */
    async create(
      institutionId: number,
      assistantId: number,
      files: NewFile[],
      now: Date,
      maxCount: number,
    ): Promise<CreateResult> {
      const locked = await db
        .select({ id: assistants.id })
        .from(assistants)
        .where(and(eq(assistants.institutionId, institutionId), eq(assistants.id, assistantId)))
        .for('update');
      if (locked.length === 0) return { ok: false, reason: 'not_found' } as const;

      const existing = await db.select().from(assistantFiles).where(ofAssistant(institutionId, assistantId));
      const bySha = new Map(existing.map((row) => [row.sha256, row]));
      const plan: (FileRow | NewFile)[] = [];
      const fresh: NewFile[] = [];
      const unused: string[] = [];
      for (const file of files) {
        const same = bySha.get(file.sha256) ?? fresh.find((other) => other.sha256 === file.sha256);
        if (same) {
          unused.push(file.storageKey);
          plan.push(same);
          continue;
        }
        fresh.push(file);
        plan.push(file);
      }
      if (existing.length + fresh.length > maxCount) return { ok: false, reason: 'too_many_files' } as const;

      const inserted = fresh.length
        ? await db
            .insert(assistantFiles)
            .values(
              fresh.map((file) => ({
                institutionId,
                assistantId,
                ...file,
                state: 'processing',
                createdAt: now,
                updatedAt: now,
              })),
            )
            .returning()
        : [];
      const byKey = new Map(inserted.map((row) => [row.storageKey, row]));
      const result = plan.map((item) => toAssistantFile('id' in item ? item : byKey.get(item.storageKey)!));
      return { ok: true, files: result, created: inserted.map(toAssistantFile), unused } as const;
    },

    /**
     * Deletes files of an assistant with their chunks (cascade) and their jobs. All or nothing: when
     * any id is not a file of this assistant, nothing is deleted and null is returned.
     */
    async remove(institutionId: number, assistantId: number, ids: number[]): Promise<FileRow[] | null> {
      const unique = [...new Set(ids)];
      return db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(assistantFiles)
          .where(and(ofAssistant(institutionId, assistantId), inArray(assistantFiles.id, unique)))
          .for('update');
        if (rows.length !== unique.length) return null;
        await tx
          .delete(jobs)
          .where(
            and(
              eq(jobs.institutionId, institutionId),
              eq(jobs.kind, PROCESS_FILE),
              inArray(sql`(${jobs.payload}->>'fileId')::integer`, unique),
            ),
          );
        await tx
          .delete(assistantFiles)
          .where(and(ofAssistant(institutionId, assistantId), inArray(assistantFiles.id, unique)));
        return rows;
      });
    },

    /** One file by id (the job's view: any assistant of the institution). */
    async find(institutionId: number, id: number): Promise<FileRow | null> {
      const [row] = await db
        .select()
        .from(assistantFiles)
        .where(and(eq(assistantFiles.institutionId, institutionId), eq(assistantFiles.id, id)))
        .limit(1);
      return row ?? null;
    },

    /** Records the outcome of processing; null when the file is gone (deleted meanwhile). */
    async finish(
      institutionId: number,
      id: number,
      outcome:
        | { state: 'ready'; pages: number | null; chars: number }
        | { state: 'failed'; reason: FileFailureReason },
      now: Date,
    ): Promise<FileRow | null> {
      const [row] = await db
        .update(assistantFiles)
        .set(
          outcome.state === 'ready'
            ? { state: 'ready', reason: null, pages: outcome.pages, chars: outcome.chars, updatedAt: now }
            : { state: 'failed', reason: outcome.reason, pages: null, chars: null, updatedAt: now },
        )
        .where(and(eq(assistantFiles.institutionId, institutionId), eq(assistantFiles.id, id)))
        .returning();
      return row ?? null;
    },
  };
}
