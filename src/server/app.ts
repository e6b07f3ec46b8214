import fs from 'node:fs';
import path from 'node:path';
import { OpenAPIHono, z } from '@hono/zod-openapi';
import { getCookies } from 'better-auth/cookies';
import { HTTPException } from 'hono/http-exception';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Auth } from './auth/auth';
import type { Database } from './db/client';
import type { Logger } from './logger';
import type { Storage } from './storage/storage';
import type { AppEnv } from './http/context';
import { AppError } from './http/errors';
import { DatabaseUnavailableError, isDatabaseUnavailable, UNAVAILABLE_RETRY_AFTER_SECONDS } from './db/unavailable';
import { auditAuth } from './auth/audit-auth';
import { twoFactorEndpoints } from './auth/two-factor-endpoints';
import { revokeKeysWhenSignedOutEverywhere } from './auth/sign-out-everywhere';
import { AUTH_RATE_RULES, databaseRateStore, rateLimit, type RateStore } from './http/rate-limit';
import { originCheck } from './http/security';
import { UNSUBSCRIBE_PATH, unsubscribeRoutes } from './features/notifications/unsubscribe-routes';
import { createMetrics, hasMetricsToken } from './http/metrics';
import { linkBase, type OriginPolicy } from './http/origins';
import { requestContext } from './http/request-context';
import { inputGuard } from './http/input';
import { requireSession, sessionReader } from './auth/session';
import { renderApiDocs } from './http/api-docs';
import { BEARER_SCHEME, describeApi, SESSION_SCHEME } from './http/openapi';
import { databaseHealth } from './http/health';
import { confirmAccountRoutes, eligibilityRoutes, meRoutes } from './features/account/routes';
import { dashboardRoutes } from './features/dashboard/routes';
import { publicTrackingRoutes, SHARE_PAGE_RULE } from './features/share-links/public-routes';
import { featureRoutes } from './features';
import type { JobQueue } from './jobs/queue';
import { DEV_WEBHOOK_NET, type WebhookNet } from './http/net-guard';
import { MESSAGE_MAIL_WINDOW_SECONDS } from '@domain/messages/schema';
import { pageHtml } from './http/page-preloads';
import { withCustomerScope } from './db/customer-scope';
import { readScopeOf, shipmentReference } from './features/shipments/index';
import { can } from '@domain/access/permissions';
import { msg } from '@domain/common/i18n';
import { requestLocale, translateErrorBody, translatorFor, type Translator } from './i18n';

/** The request's translator; English for an error raised before it was chosen. */
const trOf = (c: { get(key: 'tr'): Translator | undefined }): Translator => c.get('tr') ?? translatorFor(null);

export type AppDeps = {
  database: Database;
  auth: Auth;
  logger: Logger;
  publicUrl: string;
  trustProxy: boolean;
  trackingEmbedUrl?: string | undefined;
  /** Messages to one person on one thread within this many seconds go out as one mail (default 300). */
  messageMailWindowSeconds?: number | undefined;
  /** Where webhook deliveries may go (issue 18); outside production with no allowed networks when absent. */
  webhookNet?: WebhookNet | undefined;
  storage: Storage;
  linkSecret: string;
  /** Auth rate-limit counters: Redis when REDIS_URL is set, else the database table. */
  rateStore?: RateStore | undefined;
  /** Folder of the built web app; when absent only the API is served. */
  webRoot?: string | undefined;
  /** Extra origins allowed for state-changing requests (ALLOWED_ORIGINS, a dev server). */
  extraOrigins?: string[];
  /** Trust a request's own origin too (PUBLIC_URL unset: the portal opened by any of the machine's addresses). */
  sameOrigin?: boolean;
  /** Whether a host is this machine's own (without PUBLIC_URL only such a request's origin is trusted); the machine's when absent. */
  ownHost?: ((host: string) => boolean) | undefined;
  /** False only for a loopback load test (RATE_LIMITS_OFF_FOR_LOAD_TEST, decision record 0030); on otherwise. */
  rateLimits?: boolean;
  /** METRICS_TOKEN: a scraper's bearer token for GET /api/metrics (admins' sessions work without it). */
  metricsToken?: string | undefined;
  /** Include the process's own metrics (event loop, memory): true in the real process. */
  processMetrics?: boolean;
  /** The background work's queue (issue 44): the admins' /api/jobs reads and retries it. */
  jobs: JobQueue;
};

/** Paths the origin check lets through: they use no cookie and carry a signed token (decision 0231). */
export const ORIGIN_EXEMPT: readonly string[] = [UNSUBSCRIBE_PATH];

/** The origin rule of this app (http/origins.ts), shared by the origin check, Better Auth and mail links. */
export function originPolicyOf(deps: Pick<AppDeps, 'publicUrl' | 'extraOrigins' | 'sameOrigin' | 'trustProxy' | 'ownHost'>): OriginPolicy {
  return { fixed: [deps.publicUrl, ...(deps.extraOrigins ?? [])], sameOrigin: deps.sameOrigin ?? false, trustProxy: deps.trustProxy, ...(deps.ownHost ? { ownHost: deps.ownHost } : {}) };
}

export function createApp(deps: AppDeps) {
  const { database, auth, logger } = deps;
  const db = database.db;
  const app = new OpenAPIHono<AppEnv>();
  const trackingOrigin = deps.trackingEmbedUrl ? new URL(deps.trackingEmbedUrl.replace('{container}', 'x')).origin : undefined;

  app.use('*', requestContext({ logger, trustProxy: deps.trustProxy, trackingOrigin }));
  app.use('*', async (c, next) => {
    c.set('tr', translatorFor(requestLocale(c.req.header('accept-language'))));
    await next();
  });
  const metrics = createMetrics(database, { processMetrics: deps.processMetrics ?? false });
  app.use('*', metrics.middleware);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      for (const [k, v] of Object.entries(err.headers ?? {})) c.header(k, v);
      return c.json(translateErrorBody(err.toBody(), trOf(c)), err.status);
    }
    // Hono's own errors (e.g. a malformed JSON body) keep their 4xx status, in our error shape.
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 400 ? 'invalid_input' : err.status === 413 ? 'too_large' : 'error';
      const message = err.status === 400 && /json/i.test(err.message) ? msg('The request body is not valid JSON.') : err.message || msg('Bad request');
      return c.json(translateErrorBody({ error: { code, message } }, trOf(c)), err.status);
    }
    // The database cannot be reached (down, restarting, no free connection in time): 503 at once, never a hang (decision 0031).
    if (isDatabaseUnavailable(err)) {
      metrics.countError('database_unavailable');
      c.get('log').warn({ err: { message: err.message } }, 'database unavailable');
      c.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return c.json({ error: { code: 'unavailable', message: trOf(c).t('The service is briefly unavailable. Please try again in a moment.') } }, 503);
    }
    metrics.countError('internal');
    c.get('log').error({ err: { message: err.message, stack: err.stack } }, 'unhandled error');
    return c.json({ error: { code: 'internal', message: trOf(c).t('Something went wrong. Please try again.') } }, 500);
  });
  app.notFound((c) => c.json({ error: { code: 'not_found', message: trOf(c).t('Not found') } }, 404));

  const api = new OpenAPIHono<AppEnv>();
  api.use('*', originCheck(originPolicyOf(deps), ORIGIN_EXEMPT));
  api.use('*', inputGuard());

  const databaseUp = databaseHealth(database);
  api.get('/health', async (c) => {
    const ok = await databaseUp();
    return c.json(ok ? { status: 'ok', database: database.kind } : { status: 'unavailable', database: database.kind }, ok ? 200 : 503);
  });
  const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/health',
    operationId: 'getHealth',
    tags: ['Operations'],
    summary: 'Whether this instance and its database answer (load balancers and monitors; no sign-in)',
    security: [],
    responses: {
      200: { description: 'Up', content: { 'application/json': { schema: healthSchema } } },
      503: { description: 'The database does not answer', content: { 'application/json': { schema: healthSchema } } },
    },
  });

  // Auth: rate limits first, then Better Auth's own handler.
  const rateStore = deps.rateStore ?? databaseRateStore(db);
  // The load test's switch (decision 0030) turns off only the sign-in, sign-up, reset and eligibility limits.
  if (deps.rateLimits !== false) {
    api.use('/auth/sign-in/email', rateLimit(rateStore, AUTH_RATE_RULES.signInAddressAll));
    api.use('/auth/sign-in/email', rateLimit(rateStore, AUTH_RATE_RULES.signInAddress));
    api.use('/auth/sign-in/email', rateLimit(rateStore, AUTH_RATE_RULES.signIn));
    api.use('/auth/sign-up/email', rateLimit(rateStore, AUTH_RATE_RULES.signUp));
    api.use('/auth/request-password-reset', rateLimit(rateStore, AUTH_RATE_RULES.passwordReset));
    api.use('/eligibility', rateLimit(rateStore, AUTH_RATE_RULES.eligibility));
    api.use('/eligibility', rateLimit(rateStore, AUTH_RATE_RULES.eligibilityEmail));
    api.use('/account/confirm', rateLimit(rateStore, AUTH_RATE_RULES.confirmAccount));
  }
  for (const path of ['/auth/two-factor/verify-totp', '/auth/two-factor/verify-backup-code', '/auth/two-factor/verify-otp']) {
    api.use(path, rateLimit(rateStore, AUTH_RATE_RULES.twoFactorCode));
  }
  for (const path of ['/auth/two-factor/enable', '/auth/two-factor/disable', '/auth/two-factor/generate-backup-codes', '/auth/two-factor/get-totp-uri']) {
    api.use(path, rateLimit(rateStore, AUTH_RATE_RULES.twoFactorPassword));
  }
  for (const path of ['/auth/sign-in/email', '/auth/reset-password', '/auth/change-password']) api.use(path, auditAuth(db));
  for (const path of ['/auth/revoke-sessions', '/auth/change-password']) api.use(path, revokeKeysWhenSignedOutEverywhere(auth, db));
  api.use('/auth/two-factor/*', twoFactorEndpoints(auth, db));
  api.on(['GET', 'POST'], '/auth/*', async (c) => {
    const res = await auth.handler(c.req.raw);
    // Better Auth answers a failed database call with its own 500: when the database is down, that is our 503.
    if (res.status >= 500 && !(await database.ping(1000))) throw new DatabaseUnavailableError();
    return res;
  });
  api.route('/', eligibilityRoutes(db));
  api.route('/', confirmAccountRoutes(db, async (hash, password) => (await auth.$context).password.verify({ hash, password })));
  // The share-tracking page's data (issue 17): no session, the token is the key; rate limited per address.
  api.route('/', publicTrackingRoutes(db, deps.storage, deps.trackingEmbedUrl, deps.rateLimits === false ? null : rateLimit(rateStore, SHARE_PAGE_RULE)));
  // One-click unsubscribe (RFC 8058, issue 17): no session, the signed token is the key.
  api.route('/', unsubscribeRoutes(db, deps.linkSecret));

  // Prometheus metrics (decision 0226): a scraper with METRICS_TOKEN, or an admin's session.
  const session = requireSession(auth, database, rateStore);
  const readSession = sessionReader(auth, database);
  api.get('/metrics', async (c) => {
    if (!hasMetricsToken(c.req.header('authorization'), deps.metricsToken)) {
      await session(c, async () => {});
      if (!can(c.get('user').role, 'metrics:read')) throw new AppError('forbidden', msg('Only administrators and the metrics scraper can read the metrics.'));
    }
    return c.body(await metrics.scrape(), 200, { 'content-type': metrics.registry.contentType, 'cache-control': 'no-store' });
  });
  api.openAPIRegistry.registerPath({
    method: 'get',
    path: '/metrics',
    operationId: 'getMetrics',
    tags: ['Operations'],
    summary: 'Prometheus metrics (text format): requests, latency, database pool and errors, outbox, process',
    description: 'For a scraper with `Authorization: Bearer <METRICS_TOKEN>`, or an administrator signed in.',
    security: [{ [BEARER_SCHEME]: [] }, { [SESSION_SCHEME]: [] }],
    responses: {
      200: { description: 'Metrics in the Prometheus text format', content: { 'text/plain': { schema: { type: 'string' } } } },
      401: { description: 'Not signed in and no metrics token' },
      403: { description: 'Signed in, but not an administrator' },
    },
  });

  // Everything below needs a signed-in user (the API description too: it is for our own staff and integrators).
  api.use('*', session);
  const openApiInfo = describeApi(api, getCookies(auth.options).sessionToken.name);
  api.doc31('/openapi.json', openApiInfo);
  api.get('/docs', (c) => c.html(renderApiDocs(api.getOpenAPI31Document(openApiInfo) as never)));
  api.route('/', meRoutes(db));
  api.route('/', dashboardRoutes(db));
  const policy = originPolicyOf(deps);
  const mailLinkBase = (req: Request) => linkBase(policy, deps.publicUrl, req);
  for (const routes of featureRoutes({ db, database, publicUrl: deps.publicUrl, linkBase: mailLinkBase, trackingEmbedUrl: deps.trackingEmbedUrl, storage: deps.storage, linkSecret: deps.linkSecret, messageMailWindowSeconds: deps.messageMailWindowSeconds ?? MESSAGE_MAIL_WINDOW_SECONDS, webhookNet: deps.webhookNet ?? DEV_WEBHOOK_NET, jobs: deps.jobs })) {
    api.route('/', routes);
  }

  app.route('/api', api);

  if (deps.webRoot && fs.existsSync(path.join(deps.webRoot, 'index.html'))) {
    const root = path.relative(process.cwd(), deps.webRoot) || '.';
    const htmlFor = pageHtml(deps.webRoot, fs.readFileSync(path.join(deps.webRoot, 'index.html'), 'utf8'));
    app.use(
      '/assets/*',
      serveStatic({
        root,
        // The build writes .br and .gz beside each asset (vite.config.ts); the smallest one the browser accepts is sent.
        precompressed: true,
        onFound: (_p, c) => {
          c.header('Cache-Control', 'public, max-age=31536000, immutable');
        },
      }),
    );
    app.use('*', serveStatic({ root }));
    app.get('*', async (c) => {
      // A missing asset or API path is a 404, never the app's HTML.
      if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/assets/')) {
        return c.json({ error: { code: 'not_found', message: trOf(c).t('Not found') } }, 404);
      }
      // Per viewer (their reads, their language, a shipment's reference: decision 0306): never kept by a shared cache.
      c.header('Cache-Control', 'private, no-cache');
      // The HTML names what its viewer will read first and the messages in their language (page-preloads.ts).
      c.header('Vary', 'Cookie, Accept-Language');
      // A shared tracking page is for the people it was sent to, not for search engines.
      if (c.req.path.startsWith('/t/')) {
        c.header('X-Robots-Tag', 'noindex, nofollow');
        c.header('Referrer-Policy', 'no-referrer');
      }
      return c.html(
        await htmlFor(
          `${c.req.path}${new URL(c.req.url).search}`,
          async () => {
            // A signed-in page preloads its first reads for a viewer with nothing to do first, and its messages in the
            // viewer's language (page-preloads.ts).
            const user = await readSession(c.req.raw);
            if (!user) return null;
            // Headings drawn with the HTML (decision 0306): the shipment's reference, read as the API reads it for them;
            // a customer's list title in the page's language.
            const heading = async (route: string, [id = '']: string[], locale: string) => {
              if (!can(user.role, 'shipments:read')) return null;
              if (route === '/all-shipments/$id') return withCustomerScope(db, user, (scopedDb) => shipmentReference(scopedDb, id, readScopeOf(user)));
              return route === '/all-shipments' && !can(user.role, 'shipments:browse_all') ? translatorFor(locale).t('My Shipments') : null;
            };
            return { role: user.role, language: user.language, setupFirst: user.two_factor_setup_required, heading };
          },
          requestLocale(c.req.header('accept-language')),
        ),
      );
    });
  }
  return app;
}

export type App = ReturnType<typeof createApp>;
