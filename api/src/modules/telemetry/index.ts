import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '@cardwallet/shared';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError, rateLimited } from '../../http/errors.js';
import { FEATURE_APPS } from '../releases/apps.js';
import { releaseServiceOf } from '../releases/instance.js';
import { telemetryBatch } from './ingest.js';
import { telemetryOf } from './instance.js';
import { registerDeployRolloutRoutes, rolloutStartBody } from './deploy-routes.js';
import { RolloutError } from './rollouts.js';
import { rolloutSchema } from './schemas.js';
import { appOverviewSchema, appOverviews } from './overview.js';

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
      return okEnvelope(request.locale, await ingest.ingest(request.body));
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
          200: envelope(
            z.object({
              apps: z.array(appOverviewSchema),
              ingest: z.object({ accepted: z.number().int(), dropped: z.record(z.string(), z.number().int()) }),
              analysisIntervalMs: z.number().int(),
            }),
          ),
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
        response: { 200: envelope(rolloutSchema) },
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
          response: { 200: envelope(rolloutSchema) },
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
          200: envelope(
            z.object({
              messages: z.array(
                z.object({ id: z.string(), app: z.string(), text: z.string(), details: z.unknown(), at: z.string() }),
              ),
            }),
          ),
        },
      },
    },
    async (request) =>
      okEnvelope(request.locale, { messages: await rollouts.messages(`admin:${request.admin!.username}`) }),
  );
};

export default telemetryModule;
