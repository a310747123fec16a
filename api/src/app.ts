import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { hasZodFastifySchemaValidationErrors, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { negotiateLocale, ResultCode } from '@cardwallet/shared';
import type { Config } from './config.js';
import type { Database } from './db/index.js';
import { authPreHandler } from './http/auth.js';
import { openapiOptions } from './http/openapi.js';
import { registerInputTextRule } from './http/input-text.js';
import { privateLoggerOptions } from './http/log-privacy.js';
import { routerRefusal, methodNotAllowed } from './http/router-refusals.js';
import { systemClock, type Clock } from './http/clock.js';
import { errorBody, fieldMessages, translateFieldMessage } from './http/envelope.js';
import { BusinessError, InvalidParamsError, clientErrorKey, defaultCodeOf } from './http/errors.js';
import type { RouteAuth } from './http/types.js';
import { registerModules } from './modules/index.js';
import { createMessaging, type MessagingProvider } from './providers/messaging/index.js';
import { registerIpLimiter } from './security/rate-limit.js';
import { registerSignInThrottle } from './security/sign-in-throttle.js';
import { CspReportStore } from './security/csp-report-store.js';
import { allowedHostNames, registerHostAllowlist } from './security/host-allowlist.js';
import webPlugin from './web/index.js';
import { FirstViewFigures } from './web/first-view.js';
import { DemoSeedRegistry } from './sandbox/demo-seeds.js';
import { DomainEvents } from './events/domain-events.js';
import { BackgroundJobs } from './jobs/background-jobs.js';
import './http/types.js';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  messaging?: MessagingProvider;
  /** Fastify logger option; defaults to pino at config.logLevel. */
  logger?: FastifyServerOptions['logger'];
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Builds the Fastify app: conventions (envelope, locale, request ids, auth by route config),
 * OpenAPI at /api/docs, every module under /api, and the web front end when WEB_ROOT is set.
 * Does not listen and does not own the database (main.ts / the tests do).
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: deps.logger ?? privateLoggerOptions(config.logLevel),
    bodyLimit: config.bodyLimit,
    // Slow clients (slowloris, a body trickled one byte at a time) are cut: the headers within
    // HEADERS_TIMEOUT_MS, the whole request within REQUEST_TIMEOUT_MS — checked every second, not
    // Node's default 30 s, so a trickled body cannot hold a connection past the limit — and a
    // connection on which nothing moves within IDLE_TIMEOUT_MS is closed.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: { headersTimeout: config.timeouts.headersMs, connectionsCheckingInterval: 1_000 },
    requestIdHeader: false,
    // A client-supplied X-Request-Id is kept when it is a plain token; otherwise we mint one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID_RE.test(given) ? given : randomUUID();
    },
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    // A bad URL encoding or a path parameter over 200 characters: the envelope, not the router's raw 400/414.
    frameworkErrors: (error, request, reply) => routerRefusal(error, request, reply),
    forceCloseConnections: true,
    // Registering every module can pass Fastify's 10 s default on a busy machine (seen with load
    // average 30 during a rolling restart): a slow start is not a broken one.
    pluginTimeout: 60_000,
    // Behind nginx (scripts/cluster.mjs) the client address comes from X-Forwarded-For of a trusted proxy.
    ...(config.trustProxy !== undefined ? { trustProxy: config.trustProxy } : {}),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Only JSON is accepted: text/plain bodies answer 422 illegal_request like any other type.
  app.removeContentTypeParser(['text/plain']);

  app.decorate('config', config);
  app.decorate('database', deps.database);
  app.decorate('clock', deps.clock ?? systemClock);
  app.decorate('messaging', deps.messaging ?? createMessaging(config, deps.database.sql));
  // First of all hooks: a request for a name this deployment does not serve goes no further.
  registerHostAllowlist(
    app,
    allowedHostNames({ sandbox: config.sandbox, host: config.host, configured: config.allowedHosts }),
  );
  await registerIpLimiter(app);
  registerSignInThrottle(app);
  app.decorate('cspReports', new CspReportStore());
  app.decorate('demoSeeds', new DemoSeedRegistry());
  app.decorate('firstView', new FirstViewFigures());
  const events = new DomainEvents(deps.database.sql, {
    onError: (consumer, event, err) =>
      app.log.warn({ err, consumer, eventId: event.id, type: event.type }, 'domain event consumer failed (retried)'),
  });
  app.decorate('events', events);
  app.addHook('onClose', async () => events.stop());
  // Run-once-across-processes background work (src/jobs): timers start when the app is ready; the
  // locks are released before the server stops, so another process takes over at once.
  const jobs = new BackgroundJobs({ database: deps.database, databaseUrl: config.databaseUrl, log: app.log });
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('preClose', async () => jobs.stop());
  app.decorate('routeList', [] as FastifyInstance['routeList']);
  app.decorateRequest('locale', 'en-US');
  app.decorateRequest('platform', undefined);
  app.decorateRequest('user', undefined);
  app.decorateRequest('admin', undefined);

  app.addHook('onRequest', async (request, reply) => {
    request.locale = negotiateLocale(headerValue(request.headers['accept-language']));
    request.platform = headerValue(request.headers.platform)?.slice(0, 32);
    reply.header('X-Request-Id', request.id);
    // Production over https: browsers must never reach this origin over plain http again.
    if (!config.sandbox && request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) {
      reply.header('Cache-Control', 'no-store');
      reply.header('X-Content-Type-Options', 'nosniff');
    }
  });

  registerInputTextRule(app);

  const requireAuth = authPreHandler(app);
  app.addHook('onRoute', (route) => {
    const isAdminPath = route.url.startsWith('/api/admin/');
    const declared: RouteAuth = route.config?.auth ?? 'public';
    // Everything under /api/admin/ is admin-only whatever the route declares.
    const auth: RouteAuth = isAdminPath ? 'admin' : declared;
    route.config = { ...(route.config ?? {}), auth };
    if (auth !== 'public') {
      // onRequest: refuse before the body is even parsed or validated.
      const existing = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
      route.onRequest = [requireAuth, ...existing];
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') app.routeList.push({ method, url: route.url, auth });
  });

  app.setErrorHandler((error: FastifyError | BusinessError | InvalidParamsError, request, reply) => {
    const locale = request.locale ?? 'en-US';
    let body;
    if (error instanceof BusinessError) {
      body = errorBody(locale, error.code, error.key, error.params, error.data);
    } else if (error instanceof InvalidParamsError) {
      body = errorBody(
        locale,
        ResultCode.invalidParams,
        'invalid_params',
        {},
        {
          fields: Object.fromEntries(
            Object.entries(error.fields).map(([k, v]) => [k, translateFieldMessage(locale, v)]),
          ),
        },
      );
    } else if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const issues = error.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean),
        message: v.message ?? '',
      }));
      // Header problems are named after the header so the client can tell them from body fields.
      body = errorBody(
        locale,
        ResultCode.invalidParams,
        'invalid_params',
        {},
        {
          fields: fieldMessages(locale, issues, context === 'headers' ? 'headers' : ''),
        },
      );
    } else if (isClientError(error)) {
      // Bad JSON, unsupported content type, oversized body, bad URL encoding …
      const code = (error as FastifyError).code;
      request.log.info({ err: { code, message: error.message } }, 'illegal request');
      const key = clientErrorKey(code);
      body = errorBody(locale, defaultCodeOf(key), key);
    } else {
      request.log.error({ err: error }, 'unhandled error');
      body = errorBody(locale, ResultCode.failed, 'internal_error');
    }
    // Bypass the route's response schema: an error envelope is always a valid answer.
    return reply.code(200).type('application/json; charset=utf-8').serializer(JSON.stringify).send(body);
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url === '/api' || request.url.startsWith('/api/')) {
      const allowed = methodNotAllowed(app.routeList, request.method, request.url);
      if (allowed) {
        return reply
          .code(200)
          .header('Allow', allowed.join(', '))
          .type('application/json; charset=utf-8')
          .send(errorBody(request.locale ?? 'en-US', defaultCodeOf('method_not_allowed'), 'method_not_allowed'));
      }
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(errorBody(request.locale ?? 'en-US', ResultCode.notFound, 'not_found'));
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });

  await app.register(fastifySwagger, openapiOptions);
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(registerModules, { prefix: '/api' });

  if (config.webRoot) await app.register(webPlugin, { rootDir: config.webRoot });

  return app;
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}

function isClientError(error: unknown): boolean {
  const status = (error as { statusCode?: unknown }).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) return true;
  // JSON.parse failures surface as SyntaxError (statusCode 400 set by Fastify, checked above).
  return error instanceof SyntaxError;
}
