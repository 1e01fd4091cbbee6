/**
 * An assistant's files: `GET/POST institution-product/{id}/file`, `POST …/file/delete`, and the
 * live `GET …/events` stream (SSE) the console follows instead of polling. Uploads are streamed
 * (multipart.ts) under their own limits; the caller is authorised before a byte of body is read.
 */
import { FILE_MAX_BYTES, FILE_MAX_COUNT } from '@conversa/contract/constants';
import { DeleteFilesBodySchema, FILE_EVENT } from '@conversa/contract/knowledge';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { auditRequest } from '../audit/audit-request';
import { requireStaff } from '../auth/auth.middleware';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { readJson } from '../http/validate';
import { translate } from '../i18n/translate';
import { deletedFiles, fileTopic, filesService } from './files.service';
import { readMultipart } from './multipart';
import { productScope } from '../products/product-scope';

/** A comment line this often keeps proxies from closing an idle stream. */
export const HEARTBEAT_MS = 15_000;

/** Multipart overhead allowed per file (part headers, boundaries). */
const PART_OVERHEAD = 64 * 1024;

/** The file routes. */
export function filesRoutes(deps: AppDeps) {
  const staff = requireStaff(deps, { institution: 'header' });
  const scoped = productScope(deps);
  const files = filesService(deps);

  return new Hono<AppEnv>()
    .get('/institution-product/:id/file', staff, async (c) => {
      const product = await scoped(c, 'product.read');
      return ok(c, await files.list(product.institution_id, product.id));
    })
    .post('/institution-product/:id/file', staff, async (c) => {
      const product = await scoped(c, 'trainer.manage');
      const intake = await files.intake(c.get('locale'), product.institution_id, product.id);
      try {
        await readMultipart(c, {
          field: 'files',
          maxFileBytes: FILE_MAX_BYTES,
          maxBodyBytes: FILE_MAX_COUNT * (FILE_MAX_BYTES + PART_OVERHEAD),
          onFile: (file) => intake.accept(file),
        });
        return ok(c, await intake.commit(), 201);
      } catch (error) {
        await intake.abort();
        throw error;
      }
    })
    .post('/institution-product/:id/file/delete', staff, async (c) => {
      const product = await scoped(c, 'trainer.manage');
      const { ids } = await readJson(c, DeleteFilesBodySchema);
      const removed = await files.remove(product.institution_id, product.id, ids);
      await auditRequest(c, deps, deletedFiles(product, removed));
      return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
    })
    .get('/institution-product/:id/events', staff, async (c) => {
      const product = await scoped(c, 'product.read');
      c.header('X-Accel-Buffering', 'no');
      return streamSSE(c, async (stream) => {
        const ended = new Promise<void>((resolve) => {
          stream.onAbort(resolve);
          if (deps.events.closed.aborted) resolve();
          else deps.events.closed.addEventListener('abort', () => resolve(), { once: true });
        });
        // Writes in order, one at a time, whatever the rate of events.
        let writing = Promise.resolve();
        const unsubscribe = deps.events.subscribe(fileTopic(product.id), (event) => {
          writing = writing.then(() => stream.writeSSE({ event: FILE_EVENT, data: JSON.stringify(event) }));
        });
        try {
          await stream.write(': connected\n\n');
          for (;;) {
            let timer: NodeJS.Timeout | undefined;
            const beat = new Promise<'beat'>((resolve) => {
              timer = setTimeout(() => resolve('beat'), HEARTBEAT_MS);
            });
            const reason = await Promise.race([ended.then(() => 'end' as const), beat]);
            clearTimeout(timer);
            if (reason === 'end' || stream.aborted) break;
            writing = writing.then(() => stream.write(': ping\n\n').then(() => undefined));
            await writing;
          }
        } finally {
          unsubscribe();
        }
      });
    });
}
