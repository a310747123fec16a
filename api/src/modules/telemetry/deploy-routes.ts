import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appOverviewResult, appRolloutResult, rolloutRecord, type AppOverview } from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { deployRightHook } from '../releases/deploy-rights.js';
import type { RolloutService } from './rollouts.js';

const appParam = z.object({ app: z.string().min(1).max(40) });
const releaseIdField = z
  .string()
  .regex(/^[0-9A-Za-z.+-]{1,80}$/)
  .optional();
export const rolloutStartBody = z.object({
  releaseId: releaseIdField,
  steps: z.array(z.number().int().min(1).max(100)).min(2).max(10).optional(),
  /** Hold the release at a 0 % canary until the cross-app e2e candidate run reports a pass. */
  candidateGate: z.boolean().optional(),
});
const candidateBody = z.object({
  passed: z.boolean(),
  /** Where the run can be read (a CI job's address), shown in the audit log. */
  report: z.string().trim().min(1).max(500).optional(),
});

/**
 * A team's own automatic rollouts, with its deploy token (or an administrator session), so a team's
 * CI can start, watch, pause and gate its app's rollout without an admin (docs/releasing.md,
 * `npm run release -- rollout <app>`). Messages about the rollout go to whoever started it.
 */
export function registerDeployRolloutRoutes(
  base: FastifyInstance,
  rollouts: RolloutService,
  run: <T>(fn: () => Promise<T>) => Promise<T>,
  overviewOf: (app: string) => Promise<AppOverview | null>,
) {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { onRequest, rightOf } = deployRightHook(app);
  const deploy = { tags: ['releases'], security: [{ accessToken: [] }] };

  app.post(
    '/releases/:app/rollout',
    {
      onRequest,
      schema: {
        ...deploy,
        summary:
          'Start an automatic rollout of a release of this app (or of its running canary): steps held a minimum time, advanced while healthy, rolled back immediately when failing; candidateGate waits for the cross-app e2e candidate run first',
        params: appParam,
        body: rolloutStartBody,
        response: { 200: envelope(rolloutRecord) },
      },
    },
    async (request) => {
      const { target, actor } = rightOf(request);
      return okEnvelope(request.locale, await run(() => rollouts.start({ ...request.body, app: target.name, actor })));
    },
  );

  app.get(
    '/releases/:app/rollout',
    {
      onRequest,
      schema: {
        ...deploy,
        summary:
          'This app’s automatic rollout (active or latest), the live canary-vs-stable comparison, and the messages to the caller about it',
        params: appParam,
        response: {
          200: envelope(appRolloutResult),
        },
      },
    },
    async (request) => {
      const { target, actor } = rightOf(request);
      const [rollout, comparison, messages] = await Promise.all([
        rollouts.current(target.name),
        rollouts.compare(target.name),
        rollouts.messages(actor, 20),
      ]);
      return okEnvelope(request.locale, {
        rollout: rollout ?? null,
        comparison,
        messages: messages.filter((m) => m.app === target.name),
      });
    },
  );

  app.get(
    '/releases/:app/overview',
    {
      onRequest,
      schema: {
        ...deploy,
        summary:
          'The release console for one app (its team’s deploy token or an admin): stable and canary, the automatic rollout, the live canary-vs-stable comparison with its minutes',
        params: appParam,
        response: { 200: envelope(appOverviewResult) },
      },
    },
    async (request) => {
      const { target } = rightOf(request);
      return okEnvelope(request.locale, { overview: await overviewOf(target.name) });
    },
  );

  for (const action of ['pause', 'resume'] as const) {
    app.post(
      `/releases/:app/rollout/${action}`,
      {
        onRequest,
        schema: {
          ...deploy,
          summary:
            action === 'pause'
              ? 'Pause this app’s automatic rollout (the canary stays at its step)'
              : 'Resume this app’s paused automatic rollout (the step’s minimum hold starts again)',
          params: appParam,
          body: z.object({}),
          response: { 200: envelope(rolloutRecord) },
        },
      },
      async (request) => {
        const { target, actor } = rightOf(request);
        return okEnvelope(request.locale, await run(() => rollouts.setPaused(target.name, action === 'pause', actor)));
      },
    );
  }

  app.post(
    '/releases/:app/rollout/candidate',
    {
      onRequest,
      schema: {
        ...deploy,
        summary:
          'Report the cross-app e2e candidate run of a rollout waiting for it: passed starts the first step, failed stops the 0 % canary; the first report wins',
        params: appParam,
        body: candidateBody,
        response: { 200: envelope(rolloutRecord) },
      },
    },
    async (request) => {
      const { target, actor } = rightOf(request);
      return okEnvelope(request.locale, await run(() => rollouts.reportCandidate(target.name, request.body, actor)));
    },
  );
}
