import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '@cardwallet/shared';
import { rolloutMessagesResult, rolloutRecord, telemetryOverviewResult } from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError, rateLimited } from '../../http/errors.js';
import { FEATURE_APPS } from '../releases/apps.js';
import { releaseServiceOf } from '../releases/instance.js';
import { telemetryBatch, telemetryTicketBody, type TelemetryEvent } from './ingest.js';
import { issueTicket, TicketUse, verifyTicket } from './tickets.js';
import { telemetryOf } from './instance.js';
import { registerDeployRolloutRoutes, rolloutStartBody } from './deploy-routes.js';
import { RolloutError } from './rollouts.js';
import { appOverviews } from './overview.js';

const appNames = FEATURE_APPS.map((a) => a.name) as [string, ...string[]];

/**
 * Browser telemetry per release, canary analysis and automatic rollouts (issue 25,
 * docs/releasing.md "Automatic rollouts").
 */
const telemetryModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const cfg = app.config.telemetry;
  const { ingest, rollouts } = telemetryOf(app);
  const releases = releaseServiceOf(app);
  const admin = { tags: ['admin'] };

  // Each process writes its own aggregates; upserts add, so processes merge in the same rows.
  if (cfg.flushMs > 0) {
    const timer = setInterval(
      () => void ingest.flush().catch((e) => app.log.warn({ err: e }, 'telemetry flush failed')),
      cfg.flushMs,
    );
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await ingest.flush().catch(() => undefined);
    });
  }
  app.jobs.every('telemetry.canary-analysis', cfg.analysisIntervalMs, () =>
    rollouts.tick().catch((e) => app.log.warn({ err: e }, 'canary analysis failed')),
  );
  app.jobs.every('telemetry.retention', 3_600_000, () =>
    ingest.purge(cfg.retentionDays).catch((e) => app.log.warn({ err: e }, 'telemetry purge failed')),
  );

  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof RolloutError)) throw e;
      if (e.kind === 'not_found') throw new BusinessError('not_found');
      throw new BusinessError('release_conflict', { reason: e.message }, { code: ResultCode.conflict });
    }
  };

  const ticketUse = new TicketUse(app.ipLimiter.redis, app.config.redisKeyPrefix);

  app.post(
    '/telemetry/ticket',
    {
      schema: {
        tags: ['telemetry'],
        summary:
          'A short-lived telemetry ticket for this page: signed, bound to its telemetry session id and the releases it loaded; batches without one are not counted (per-IP limited)',
        body: telemetryTicketBody,
        response: {
          200: envelope(z.object({ ticket: z.string(), expiresAt: z.number().int() })),
        },
      },
    },
    async (request) => {
      const wait = await app.ipLimiter.hit(request, 'telemetry-ticket', cfg.ticketsPerIp, 600);
      if (wait > 0) throw rateLimited('rate_limited', wait);
      const known: Array<{ app: string; release: string }> = [];
      for (const r of request.body.releases) if (await ingest.isKnown(r.app, r.release)) known.push(r);
      if (known.length === 0) throw new BusinessError('not_found');
      return okEnvelope(
        request.locale,
        issueTicket(app.config.signingSecret, request.body.sessionId, known, app.clock.now().getTime()),
      );
    },
  );

  app.post(
    '/telemetry',
    {
      bodyLimit: cfg.maxBodyBytes,
      attachValidation: true,
      // Anonymous, so limited per IP before the body is read.
      onRequest: async (request: FastifyRequest) => {
        const wait = await app.ipLimiter.hit(request, 'telemetry', cfg.ipBatchesPerMinute, 60);
        if (wait > 0) {
          ingest.drop('rate_limited');
          throw rateLimited('rate_limited', wait);
        }
      },
      onError: async (_request, _reply, error: FastifyError) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') ingest.drop('oversized');
        // Unparsable bodies; schema failures are counted in the handler (attachValidation).
        else if (error.code?.startsWith('FST_ERR_CTP')) ingest.drop('invalid');
      },
      schema: {
        tags: ['telemetry'],
        summary:
          'Browser telemetry batch (anonymous; per-IP rate-limited, size-limited): sessions, load failures, errors and web vitals per app release. Only per-release, per-minute aggregates are kept',
        body: telemetryBatch,
        response: { 200: envelope(z.object({ accepted: z.number().int(), dropped: z.number().int() })) },
      },
    },
    async (request) => {
      if (request.validationError) {
        ingest.drop('invalid');
        throw request.validationError;
      }
      const batch = request.body;
      const claims = verifyTicket(app.config.signingSecret, batch.ticket, batch.sessionId, app.clock.now().getTime());
      if (!claims) {
        // Unticketed (or forged, expired, another session's): never counted, so never judged.
        ingest.drop('unticketed', batch.events.length);
        return okEnvelope(request.locale, { accepted: 0, dropped: batch.events.length });
      }
      const fit = await ticketUse.takeEvents(claims, batch.events.length);
      const kept: TelemetryEvent[] = [];
      for (const [i, e] of batch.events.entries()) {
        const once =
          e.type === 'session'
            ? `session:${e.app}`
            : e.type === 'load_failure'
              ? `load_failure:${e.app}`
              : e.type === 'error' && e.first
                ? `error:${e.app}`
                : undefined;
        // Over the ticket's events, another release than the ticket's, or a second session /
        // load failure / first error of an app under the same ticket: not counted.
        if (
          i >= fit ||
          !claims.releases.has(`${e.app}|${e.release}`) ||
          (once && !(await ticketUse.firstSession(claims, once)))
        )
          ingest.drop('over_ticket');
        else kept.push(e);
      }
      if (kept.length === 0) return okEnvelope(request.locale, { accepted: 0, dropped: batch.events.length });
      const result = await ingest.ingest({ sessionId: batch.sessionId, events: kept });
      return okEnvelope(request.locale, {
        accepted: result.accepted,
        dropped: result.dropped + batch.events.length - kept.length,
      });
    },
  );

  registerDeployRolloutRoutes(app, rollouts, run, async (name) => {
    await ingest.flush();
    const [overview] = await appOverviews(
      rollouts,
      (await releases.channels()).filter((c) => c.app === name),
    );
    return overview ?? null;
  });

  app.get(
    '/admin/telemetry/overview',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary:
          'Release console: each app’s stable and canary, its automatic rollout, the live canary-vs-stable comparison, and ingest counters',
        response: {
          200: envelope(telemetryOverviewResult),
        },
      },
    },
    async (request) => {
      const channels = await releases.channels();
      await ingest.flush();
      const apps = await appOverviews(rollouts, channels);
      return okEnvelope(request.locale, {
        apps,
        ingest: { accepted: ingest.accepted, dropped: { ...ingest.dropped } },
        analysisIntervalMs: cfg.analysisIntervalMs,
      });
    },
  );

  app.post(
    '/admin/rollouts/start',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary:
          'Start an automatic rollout of a release (or of the running canary): steps (default 5 → 25 → 50 → 100 %) held a minimum time, advanced while healthy, rolled back at once when failing',
        body: rolloutStartBody.extend({ app: z.enum(appNames) }),
        response: { 200: envelope(rolloutRecord) },
      },
    },
    async (request) =>
      okEnvelope(
        request.locale,
        await run(() => rollouts.start({ ...request.body, actor: `admin:${request.admin!.username}` })),
      ),
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/admin/rollouts/${action}`,
      {
        config: { auth: 'admin' },
        schema: {
          ...admin,
          summary:
            action === 'pause'
              ? 'Pause an automatic rollout (the canary stays at its step)'
              : 'Resume a paused automatic rollout (the step’s minimum hold starts again)',
          body: z.object({ app: z.enum(appNames) }),
          response: { 200: envelope(rolloutRecord) },
        },
      },
      async (request) =>
        okEnvelope(
          request.locale,
          await run(() => rollouts.setPaused(request.body.app, action === 'pause', `admin:${request.admin!.username}`)),
        ),
    );
  }

  app.get(
    '/admin/rollouts/messages',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: 'Messages to the signed-in admin about the automatic rollouts they started (rolled back, completed)',
        response: {
          200: envelope(rolloutMessagesResult),
        },
      },
    },
    async (request) =>
      okEnvelope(request.locale, { messages: await rollouts.messages(`admin:${request.admin!.username}`) }),
  );
};

export default telemetryModule;
