/**
 * The HTTP app: conventions (request ids, logs, CORS, body limit, locale, errors) and the API routes
 * under `/api`. `createApp` takes its dependencies so tests run it on their own database and clock.
 */
import { HEADERS, PAGINATION_HEADERS } from '@conversa/contract/http';
import { Hono } from 'hono';
import type { Logger } from 'pino';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { requestId } from 'hono/request-id';
import { signInRoutes } from './sign-in';
import { scopeResolver } from './auth/resolve-scope';
import { SessionCache } from './auth/session-cache';
import { chatRoutes } from './chat';
import { conversationsRoutes } from './conversations';
import { reviewRoutes } from './review';
import { failedRepliesRoutes, recordsRoutes, salesRoutes, whatsappWebhookRoutes } from './sales';
import { countriesRoutes } from './countries';
import type { AppDeps } from './deps';
import { filesRoutes, fileTopic, isUpload } from './files';
import { botPageRoutes, websitesRoutes } from './websites';
import { ApiError, onError, onNotFound } from './http/errors';
import type { AppEnv } from './http/env';
import { pickLocale } from './i18n/translate';
import { institutionsRoutes } from './institutions';
import { attachSemanticSearch, createSemanticSearch } from './knowledge';
import { legalRoutes } from './legal';
import { createMetrics, metaRoutes, OTHER_ROUTE } from './meta';
import { assistantSettingsRoutes, assistantsRoutes, logoRoutes } from './assistants';
import { handoffConfirmationRoutes, publicPagesRoutes, widgetStaticRoutes } from './public-pages';
import { adminStaticRoutes, hasBuiltApp, shareImageRoutes } from './static';
import { usersRoutes } from './users';
import { teamRoutes } from './team';
import { privacyRoutes } from './privacy';

export type { AppDeps } from './deps';

/** The headers of every `/api` answer (a handler's own, like the logo's sandbox, are kept). */
export const API_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
} as const;

/** Builds the app; the session cache and the metrics are made here unless the caller passes them, the tenancy gate always. */
export function createApp(
  input: Omit<AppDeps, 'sessionCache' | 'metrics' | 'gate'> &
    Partial<Pick<AppDeps, 'sessionCache' | 'metrics'>>,
) {
  const parts = {
    ...input,
    sessionCache: input.sessionCache ?? new SessionCache(input.database.kind === 'pglite'),
    metrics: input.metrics ?? createMetrics({ db: input.database.db, logger: input.logger }),
  };
  const deps: AppDeps = { ...parts, gate: scopeResolver(parts) };
  const { config, logger } = deps;
  // Semantic retrieval (EMBEDDINGS_MODEL): answers on this database rank by meaning too.
  if (config.embeddings) {
    attachSemanticSearch(
      deps.database.db,
      createSemanticSearch({ ...deps, db: deps.database.db, embeddings: config.embeddings, fileTopic }),
    );
  }
  const app = new Hono<AppEnv>();
  const allowedOrigins = new Set([new URL(config.publicUrl).origin, ...config.corsOrigins]);
  // A worker process (ROLE=worker) runs jobs; over HTTP it answers the probes and the metrics only.
  const worker = config.role === 'worker';

  // Every answer counted and timed under its endpoint's path template (set by http/route.ts).
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    const seconds = (performance.now() - started) / 1000;
    deps.metrics.observeRequest(c.req.method, c.get('route') ?? OTHER_ROUTE, c.res.status, seconds);
  });
  app.use(requestId({ headerName: HEADERS.requestId }));
  // Requests first: the job runner claims its next job between them (jobs/requests-first.ts).
  app.use(async (_c, next) => {
    deps.jobs.requests.begin();
    try {
      await next();
    } finally {
      deps.jobs.requests.end();
    }
  });
  app.use(async (c, next) => {
    const started = performance.now();
    let log: Logger | undefined;
    const requestLogger = () => (log ??= logger.child({ reqId: c.get('requestId') }));
    c.set('logger', requestLogger);
    c.set('locale', pickLocale(c.req.header('accept-language')));
    await next();
    const failed = c.res.status >= 500;
    if (!failed && !logger.isLevelEnabled('debug')) return;
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const line = { method: c.req.method, path: c.req.path, status: c.res.status, ms };
    if (failed) requestLogger().error(line, 'request failed');
    else requestLogger().debug(line, 'request');
  });

  // No API answer is a page: never sniffed into one, never framed, nothing loaded if opened as one.
  // After the handler (and onError), so errors and streams carry them too.
  app.use('/api/*', async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
  });
  const corsHeaders = cors({
    origin: (origin) => (allowedOrigins.has(origin) ? origin : null),
    allowHeaders: ['Authorization', 'Content-Type', 'Accept-Language', HEADERS.institution],
    allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    exposeHeaders: [...Object.values(PAGINATION_HEADERS), HEADERS.requestId, 'Retry-After'],
    maxAge: 600,
  });
  // Hono's cors builds an empty response to hold its headers, then copies them into the handler's:
  // a request without an Origin (the console's own reads, servers) only needs `Vary: Origin`.
  app.use('/api/*', (c, next) => {
    if (c.req.header('origin') !== undefined) return corsHeaders(c, next);
    c.header('Vary', 'Origin');
    return next();
  });
  const jsonBodyLimit = bodyLimit({
    maxSize: config.bodyLimit,
    onError: () => {
      throw new ApiError(413, 'payload_too_large');
    },
  });
  // Uploads are streamed under their own per-file and per-body limits (files/multipart.ts). A GET
  // or HEAD body is never read, and asking for it would build a full Request on every read.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' || isUpload(c.req.method, c.req.path)
      ? next()
      : jsonBodyLimit(c, next),
  );

  const api = new Hono<AppEnv>();
  api.route('/', metaRoutes(deps));
  if (!worker) mountApi(api, deps);
  app.route('/api', api);
  if (!worker) mountPages(app, deps);

  app.onError(onError);
  app.notFound(onNotFound);
  return app;
}

/** Every API route besides the probes and the metrics (metaRoutes). */
function mountApi(api: Hono<AppEnv>, deps: AppDeps) {
  api.route('/', countriesRoutes(deps));
  api.route('/', signInRoutes(deps));
  api.route('/', usersRoutes(deps));
  api.route('/', institutionsRoutes(deps));
  api.route('/', teamRoutes(deps));
  api.route('/', assistantsRoutes(deps));
  api.route('/', assistantSettingsRoutes(deps));
  api.route('/', filesRoutes(deps));
  api.route('/', websitesRoutes(deps));
  api.route('/', logoRoutes(deps));
  api.route('/', chatRoutes(deps));
  api.route('/', conversationsRoutes(deps));
  api.route('/', reviewRoutes(deps));
  api.route('/', salesRoutes(deps));
  api.route('/', recordsRoutes(deps));
  api.route('/', whatsappWebhookRoutes(deps));
  api.route('/', failedRepliesRoutes(deps));
  api.route('/', privacyRoutes(deps));
}

/** What is served outside `/api`. */
function mountPages(app: Hono<AppEnv>, deps: AppDeps) {
  const { config } = deps;
  // The widget's files, the chat pages, the share image and the legal pages, before the console's
  // SPA fallback would answer them.
  app.route('/', widgetStaticRoutes(config.widgetDir));
  app.route('/', publicPagesRoutes(deps));
  app.route('/', handoffConfirmationRoutes(deps));
  app.route('/', botPageRoutes());
  app.route('/', shareImageRoutes());
  app.route('/', legalRoutes(deps));
  // After the API: the console's files and its SPA fallback, never under /api.
  if (hasBuiltApp(config.adminDir)) app.route('/', adminStaticRoutes(config.adminDir, config));
}

export type App = ReturnType<typeof createApp>;
