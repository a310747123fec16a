import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ResultCode } from '@cardwallet/shared';
import { releaseAuditResult } from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError } from '../../http/errors.js';
import { FEATURE_APPS } from './apps.js';
import { deployRightHook } from './deploy-rights.js';
import { MAX_RELEASE_FILES } from './gates.js';
import { releaseServiceOf } from './instance.js';
import { ReleaseError } from './service.js';

const appNames = FEATURE_APPS.map((a) => a.name) as [string, ...string[]];
const appParam = z.object({ app: z.string().min(1).max(40) });

const releaseRecord = z.object({
  app: z.string(),
  releaseId: z.string(),
  version: z.string(),
  contractVersion: z.string(),
  contractMajor: z.number().int(),
  checksum: z.string(),
  fileCount: z.number().int(),
  createdBy: z.string(),
  createdAt: z.string(),
});
const channelState = z.object({
  app: z.string(),
  stable: releaseRecord,
  canary: releaseRecord.extend({ percent: z.number().int() }).nullable(),
});
const historyEntry = releaseRecord.extend({
  status: z.enum(['stable', 'canary', 'previous', 'rolled_back', 'registered']),
  canaryPercent: z.number().int().optional(),
});

export const releaseBody = z
  .object({
    version: z.string().regex(/^[0-9A-Za-z.+-]{1,64}$/),
    files: z
      .array(z.object({ path: z.string().min(1).max(300), contentBase64: z.string().max(80 * 1024 * 1024) }))
      .min(1)
      .max(MAX_RELEASE_FILES),
    /** Start a canary at this percentage (1–99; 100 = stable). */
    canaryPercent: z.number().int().min(1).max(100).optional(),
    /** Straight to everyone (no canary). */
    stable: z.boolean().optional(),
  })
  .refine((b) => !(b.stable && b.canaryPercent !== undefined), {
    message: 'stable and canaryPercent exclude each other',
    path: ['stable'],
  });

const promoteBody = z.object({
  percent: z.number().int().min(1).max(100).optional(),
  releaseId: z
    .string()
    .regex(/^[0-9A-Za-z.+-]{1,80}$/)
    .optional(),
});

/**
 * Releases of the feature apps (issue 15, docs/releasing.md). A team's CI acts on its own app with
 * its deploy token (`Authorization: Bearer cwd_…`); an administrator's token may act on any app.
 * Administrators mint and revoke deploy tokens under admin/releases/*.
 */
const releasesModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const releases = releaseServiceOf(app);
  const deploy = { tags: ['releases'], security: [{ accessToken: [] }] };
  const admin = { tags: ['admin'], security: [{ accessToken: [] }] };

  // The deploy right is checked before the body is read (see deploy-rights.ts).
  const { onRequest: requireDeployRight, rightOf } = deployRightHook(app);

  const run = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (!(e instanceof ReleaseError)) throw e;
      if (e.kind === 'not_found') throw new BusinessError('not_found');
      const reason = e.reasons.length ? e.reasons.join('; ') : e.message;
      if (e.kind === 'gate')
        throw new BusinessError(
          'release_refused',
          { reason },
          { code: ResultCode.invalidParams, data: { reasons: e.reasons.length ? e.reasons : [e.message] } },
        );
      throw new BusinessError('release_conflict', { reason }, { code: ResultCode.conflict });
    }
  };

  app.post(
    '/releases/:app',
    {
      bodyLimit: 100 * 1024 * 1024,
      onRequest: requireDeployRight,
      schema: {
        ...deploy,
        summary:
          'Publish one production build of an app (files base64) immutably and register it: gates (contract major, manifest + entry, FeatureApp routes + translations); first release → stable, else canary at canaryPercent (default 10) or stable',
        params: appParam,
        body: releaseBody,
        response: { 200: envelope(z.object({ release: releaseRecord, created: z.boolean(), channel: channelState })) },
      },
    },
    async (request) => {
      const { target, actor } = rightOf(request);
      const body = request.body;
      const files = body.files.map((f) => ({ path: f.path, body: Buffer.from(f.contentBase64, 'base64') }));
      const mode = body.stable
        ? { kind: 'stable' as const }
        : { kind: 'canary' as const, percent: body.canaryPercent ?? 10 };
      const result = await run(() => releases.release({ app: target.name, version: body.version, files, actor, mode }));
      return okEnvelope(request.locale, {
        release: result.release,
        created: result.created,
        channel: await releases.channel(target.name),
      });
    },
  );

  app.post(
    '/releases/:app/promote',
    {
      onRequest: requireDeployRight,
      schema: {
        ...deploy,
        summary:
          'Canary to a higher percentage, or (no percent / 100) the canary becomes stable for everyone; releaseId starts a canary of a registered release',
        params: appParam,
        body: promoteBody,
        response: { 200: envelope(channelState) },
      },
    },
    async (request) => {
      const { target, actor } = rightOf(request);
      return okEnvelope(request.locale, await run(() => releases.promote(target.name, actor, request.body)));
    },
  );

  app.post(
    '/releases/:app/rollback',
    {
      onRequest: requireDeployRight,
      schema: {
        ...deploy,
        summary:
          'Undo the newest change instantly (no rebuild): stop a running canary, else stable back to the previous stable release',
        params: appParam,
        response: { 200: envelope(channelState) },
      },
    },
    async (request) => {
      const { target, actor } = rightOf(request);
      return okEnvelope(request.locale, await run(() => releases.rollback(target.name, actor)));
    },
  );

  app.get(
    '/releases/:app',
    {
      onRequest: requireDeployRight,
      schema: {
        ...deploy,
        summary: 'Release history of an app (newest first) with the current stable and canary',
        params: appParam,
        response: { 200: envelope(z.object({ channel: channelState.nullable(), releases: z.array(historyEntry) })) },
      },
    },
    async (request) => {
      const { target } = rightOf(request);
      const channel = (await releases.channels()).find((c) => c.app === target.name) ?? null;
      return okEnvelope(request.locale, { channel, releases: await run(() => releases.history(target.name)) });
    },
  );

  app.get(
    '/releases/:app/audit',
    {
      onRequest: requireDeployRight,
      schema: {
        ...deploy,
        summary:
          'Audit log of an app: every release, refusal, canary, promotion, rollback and token change, with who and when',
        params: appParam,
        response: { 200: envelope(releaseAuditResult) },
      },
    },
    async (request) => {
      const { target } = rightOf(request);
      return okEnvelope(request.locale, { entries: await run(() => releases.auditLog(target.name)) });
    },
  );

  app.get(
    '/admin/releases',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: 'Stable and canary release of every app',
        response: { 200: envelope(z.object({ channels: z.array(channelState) })) },
      },
    },
    async (request) => okEnvelope(request.locale, { channels: await releases.channels() }),
  );

  app.post(
    '/admin/releases/tokens',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: 'Mint a deploy token for one app (256-bit random; shown once, stored hashed)',
        body: z.object({ app: z.enum(appNames), label: z.string().trim().min(1).max(100) }),
        response: { 200: envelope(z.object({ id: z.string(), app: z.string(), token: z.string() })) },
      },
    },
    async (request) =>
      okEnvelope(
        request.locale,
        await releases.createDeployToken(request.body.app, request.body.label, `admin:${request.admin!.username}`),
      ),
  );

  app.get(
    '/admin/releases/tokens',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: 'Deploy tokens (never the token itself)',
        response: {
          200: envelope(
            z.object({
              tokens: z.array(
                z.object({
                  id: z.string(),
                  app: z.string(),
                  label: z.string(),
                  createdBy: z.string(),
                  createdAt: z.string(),
                  lastUsedAt: z.string().nullable(),
                  revoked: z.boolean(),
                }),
              ),
            }),
          ),
        },
      },
    },
    async (request) => okEnvelope(request.locale, { tokens: await releases.listDeployTokens() }),
  );

  app.post(
    '/admin/releases/tokens/revoke',
    {
      config: { auth: 'admin' },
      schema: {
        ...admin,
        summary: 'Revoke a deploy token at once',
        body: z.object({ id: z.string().regex(/^\d{1,18}$/) }),
        response: { 200: envelope(z.object({ revoked: z.literal(true) })) },
      },
    },
    async (request) => {
      if (!(await releases.revokeDeployToken(request.body.id, `admin:${request.admin!.username}`)))
        throw new BusinessError('not_found');
      return okEnvelope(request.locale, { revoked: true as const });
    },
  );
};

export default releasesModule;
