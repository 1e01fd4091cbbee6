/**
 * An assistant's files: `GET/POST institution-product/{id}/file`, `POST …/file/delete`, and the
 * live `GET …/events` stream (SSE) the console follows instead of polling. Uploads are streamed
 * (multipart.ts) under their own limits; the caller is authorised before a byte of body is read.
 */
import { FILE_MAX_BYTES, FILE_MAX_COUNT } from '@conversa/contract/constants';
import { endpoints } from '@conversa/contract/endpoints';
import { Hono } from 'hono';
import { auditRequest } from '../audit/audit-request';
import type { AppDeps } from '../deps';
import type { AppEnv } from '../http/env';
import { ok } from '../http/respond';
import { endpointRouter } from '../http/route';
import { translate } from '../i18n/translate';
import { staffEventStreams } from '../events/staff-streams';
import { liveTopic, websitePageTopic, websiteTopic } from '../events/topics';
import { CONVERSATION_EVENT } from '@conversa/contract/chat';
import { FILE_EVENT } from '@conversa/contract/knowledge';
import { WEBSITE_EVENT, WEBSITE_PAGE_EVENT } from '@conversa/contract/website';
import { deletedFiles, filesService, fileTopic } from './files.service';
import { readMultipart } from './multipart';

/** Multipart overhead allowed per file (part headers, boundaries). */
const PART_OVERHEAD = 64 * 1024;

/** The file routes. */
export function filesRoutes(deps: AppDeps) {
  const files = filesService(deps);
  const route = endpointRouter(deps);
  const eventStreams = staffEventStreams(deps);
  const app = new Hono<AppEnv>();

  route(app, endpoints.listFiles, async (c, { scope }) =>
    ok(c, await files.list(scope.institutionId, scope.assistantId)),
  );

  route(app, endpoints.uploadFiles, async (c, { scope }) => {
    const intake = await files.intake(c.get('locale'), scope.institutionId, scope.assistantId);
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
  });

  route(app, endpoints.deleteFiles, async (c, { scope, body: { ids } }) => {
    const removed = await files.remove(scope.institutionId, scope.assistantId, ids);
    await auditRequest(c, deps, scope.user, deletedFiles(scope, removed));
    return ok(c, { message: translate(c.get('locale'), 'deleted'), code: 'deleted' });
  });

  route(app, endpoints.assistantEvents, (c, { scope }) =>
    eventStreams(c, scope, endpoints.assistantEvents.permission, [
      { topic: fileTopic(scope.assistantId), event: FILE_EVENT },
      // Its websites' crawls (docs/architecture.md#websites).
      { topic: websiteTopic(scope.assistantId), event: WEBSITE_EVENT },
      { topic: websitePageTopic(scope.assistantId), event: WEBSITE_PAGE_EVENT },
      // Its live conversations, for those who may read conversations (docs/product.md#live-conversations).
      { topic: liveTopic(scope.assistantId), event: CONVERSATION_EVENT, permission: 'conversation.read' },
    ]),
  );
  return app;
}
