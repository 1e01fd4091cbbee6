/**
 * An assistant's files: `GET/POST institution-product/{id}/file`, `POST …/file/delete`, and the
 * live `GET …/events` stream (SSE) the console follows instead of polling. Uploads are streamed
 * (multipart.ts) under their own limits; the caller is authorised before a byte of body is read.
 */
import { FILE_MAX_BYTES, FILE_MAX_COUNT } from '@conversa/contract/constants';
import { DeleteFilesBodySchema } from '@conversa/contract/knowledge';
import { Hono } from 'hono';
import { requireStaff } from '../auth/auth.middleware';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { readJson } from '../http/validate';
import { translate } from '../i18n/translate';
import { fileEventStreams } from './event-streams';
import { filesService } from './files.service';
import { readMultipart } from './multipart';
import { productScope } from '../products/product-scope';

/** Multipart overhead allowed per file (part headers, boundaries). */
const PART_OVERHEAD = 64 * 1024;

/** The file routes. */
export function filesRoutes(deps: AppDeps) {
  const staff = requireStaff(deps, { institution: 'header' });
  const scoped = productScope(deps);
  const files = filesService(deps);
  const eventStreams = fileEventStreams(deps);

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
      await files.remove(product.institution_id, product.id, ids);
      return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
    })
    .get('/institution-product/:id/events', staff, async (c) => {
      const product = await scoped(c, 'product.read');
      return eventStreams(c, product.id);
    });
}
