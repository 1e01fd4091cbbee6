/**
 * Upload and delete rules for an assistant's files (docs/architecture.md#knowledge-and-answers). An upload is all or nothing: each
 * file streams to the store under a random key as it arrives, checked on the way (size by the
 * reader, type by its magic bytes, its hash) and then against the count limit, and only when
 * every file passed are the rows and their processing jobs written, in one transaction. On any
 * refusal, or a failure of the store, the bytes already stored are removed and no row is written.
 *
 * The same content twice in one assistant is stored once: uploading a file whose bytes the
 * assistant already has answers with the file already there (not a second row, a second job or
 * a second set of passages, which would only repeat answers), and it does not count against the
 * limit. Two identical files in one upload are one file likewise.
 */
import { createHash, randomUUID } from 'node:crypto';
import { FILE_MAX_COUNT } from '@conversa/contract/constants';
import type { Locale } from '@conversa/contract/constants';
import type { AssistantFile, FileEvent } from '@conversa/contract/knowledge';
import type { AuditEvent } from '../audit/audit.service';
import type { AppDeps } from '../deps';
import type { EventBus } from '../events/event-bus';
import { ApiError, notFound } from '../http/errors';
import { translate } from '../i18n/translate';
import { fileTypeSniffer } from '../knowledge';
import { enqueue } from '../jobs/queue';
import { filesRepo, type NewFile, PROCESS_FILE, toAssistantFile } from './files.repo';
import type { ReceivedFile } from './multipart';

/** The bus topic of an assistant's file events. */
export const fileTopic = (assistantId: number) => `file:${assistantId}`;

/** Tells the assistant's listeners (the console's SSE streams) about a file. */
export function publishFile(
  events: EventBus,
  assistantId: number,
  file: AssistantFile,
  deleted = false,
): void {
  const event: FileEvent = deleted ? { ...file, deleted: true } : file;
  events.publish(fileTopic(assistantId), event);
}

/** A deleted file, as the audit log names it. */
export interface DeletedFile {
  id: number;
  name: string;
}

/** The audit event of a deletion of files. */
export const deletedFiles = (
  { institutionId, assistantId }: { institutionId: number; assistantId: number },
  removed: DeletedFile[],
): Omit<AuditEvent, 'userId' | 'ip'> => ({
  action: 'deleted',
  institutionId,
  detail: {
    what: 'file',
    assistant_id: assistantId,
    ids: removed.map((file) => file.id),
    names: removed.map((file) => file.name),
  },
});

/** The file rules of the app. */
export function filesService(deps: AppDeps) {
  const repo = filesRepo(deps.database.db);
  const { storage, events, logger } = deps;

  const removeBytes = async (keys: string[]) => {
    await Promise.all(
      keys.map((key) =>
        storage
          .delete(key)
          .catch((error: unknown) => logger.warn({ err: error, key }, 'could not delete stored file')),
      ),
    );
  };

  const tooMany = (locale: Locale) => {
    const params = { limit: FILE_MAX_COUNT };
    return new ApiError(400, 'validation_failed', {
      issues: [
        { path: 'files', code: 'too_many_files', message: translate(locale, 'too_many_files', params) },
      ],
      params,
    });
  };

  return {
    list: (institutionId: number, assistantId: number) => repo.list(institutionId, assistantId),

    /**
     * Starts receiving an upload for an assistant: `accept` each file as it arrives, then `commit`
     * (or `abort` on any failure, which removes what was stored).
     */
    async intake(locale: Locale, institutionId: number, assistantId: number) {
      const { count, hashes } = await repo.census(institutionId, assistantId);
      const accepted: NewFile[] = [];
      // Keys written or being written: each is listed before its write starts.
      const stored: string[] = [];
      let writing: Promise<unknown> = Promise.resolve();
      let fresh = 0;
      let committed = false;

      return {
        /**
         * Streams one file to the store, checking it on the way; throws the refusal (415, 400,
         * the reader's 413) or the store's failure.
         */
        async accept(file: ReceivedFile): Promise<void> {
          const storageKey = `files/${institutionId}/${assistantId}/${randomUUID()}`;
          const hash = createHash('sha256');
          const sniffer = fileTypeSniffer(file.name);
          async function* checked() {
            for await (const chunk of file.chunks) {
              hash.update(chunk);
              sniffer.push(chunk);
              yield chunk;
            }
          }
          stored.push(storageKey);
          const write = storage.putStream(storageKey, checked());
          writing = write.catch(() => undefined);
          const { size } = await write;

          const type = sniffer.type();
          if (!type) {
            const message = `${file.name}: ${translate(locale, 'file_type')}`;
            throw new ApiError(415, 'unsupported_media_type', {
              issues: [{ path: 'files', code: 'file_type', message }],
            });
          }
          const digest = hash.digest('hex');
          const again = accepted.some((other) => other.sha256 === digest);
          if (!again && !hashes.has(digest)) {
            fresh += 1;
            if (count + fresh > FILE_MAX_COUNT) throw tooMany(locale);
          }
          // Kept even when the assistant has this content already: that file may be deleted
          // before this upload commits. The commit says which bytes turned out unused. The same
          // content twice in this upload is kept once.
          if (again) {
            stored.splice(stored.indexOf(storageKey), 1);
            await removeBytes([storageKey]);
          }
          accepted.push({ name: file.name, type, size, sha256: digest, storageKey });
        },

        /** Writes the rows and jobs; answers the files in upload order. */
        async commit(): Promise<AssistantFile[]> {
          if (accepted.length === 0) {
            const message = translate(locale, 'file_required');
            throw new ApiError(400, 'validation_failed', {
              issues: [{ path: 'files', code: 'file_required', message }],
            });
          }
          const now = deps.clock.now();
          // The rows and their processing jobs: all or nothing.
          const result = await deps.database.db.transaction(async (tx) => {
            const created = await filesRepo(tx).create(
              institutionId,
              assistantId,
              accepted,
              now,
              FILE_MAX_COUNT,
            );
            for (const file of created.ok ? created.created : [])
              await enqueue(tx, PROCESS_FILE, { institutionId, fileId: file.id }, now, { institutionId });
            return created;
          });
          if (!result.ok) throw result.reason === 'not_found' ? notFound() : tooMany(locale);
          committed = true;
          await removeBytes(result.unused.filter((key) => stored.includes(key)));
          for (const file of result.created) publishFile(events, assistantId, file);
          return result.files;
        },

        /** Removes the bytes stored so far (the upload was refused), once a write under way ends. */
        async abort(): Promise<void> {
          if (committed) return;
          await writing;
          await removeBytes(stored);
        },
      };
    },

    /** Deletes files of an assistant (all or nothing: an unknown id is a 404), their bytes and jobs. */
    /** Deletes files with their bytes and passages; resolves to what was deleted. */
    async remove(institutionId: number, assistantId: number, ids: number[]): Promise<DeletedFile[]> {
      const rows = await repo.remove(institutionId, assistantId, ids);
      if (!rows) throw notFound();
      await removeBytes(rows.map((row) => row.storageKey));
      const now = deps.clock.now();
      for (const row of rows) {
        publishFile(events, assistantId, { ...toAssistantFile(row), updated_at: now.toISOString() }, true);
      }
      return rows.map((row) => ({ id: row.id, name: row.name }));
    },
  };
}
