import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { appVersionQuery, appVersionResult } from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import type { SandboxOutbox } from '../../providers/messaging/index.js';
import { SandboxOutbox as Outbox } from '../../providers/messaging/index.js';
import { BusinessError } from '../../http/errors.js';

/** system/health and app/version (public) and, in sandbox mode only, dev/outbox and dev/users/kyc. */
const systemModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/system/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability (sandbox: says so; production: does not name its mode)',
        response: {
          200: envelope(
            z.object({
              status: z.literal('ok'),
              database: z.enum(['pglite', 'pg']),
              sandbox: z.literal(true).optional(),
            }),
          ),
        },
      },
    },
    async (request) => {
      await app.database.sql.query('select 1');
      // Production does not advertise its mode to scanners; the sandbox says so (the diagnostics page shows it).
      return okEnvelope(request.locale, {
        status: 'ok' as const,
        database: app.database.driver,
        ...(app.config.sandbox ? { sandbox: true as const } : {}),
      });
    },
  );

  app.get(
    '/app/version',
    {
      schema: {
        tags: ['system'],
        summary: 'Whether the calling front-end build (versionCode) should upgrade',
        querystring: appVersionQuery,
        response: { 200: envelope(appVersionResult) },
      },
    },
    async (request) => {
      const { latest, minimum } = app.config.appVersion;
      const { versionCode } = request.query;
      return okEnvelope(request.locale, {
        latestVersionCode: latest,
        minimumVersionCode: minimum,
        upgradeAvailable: versionCode < latest,
        upgradeRequired: versionCode < minimum,
      });
    },
  );

  const cspViolation = z.object({
    documentUri: z.string(),
    directive: z.string(),
    blockedUri: z.string(),
    sourceFile: z.string().optional(),
    line: z.number().optional(),
    at: z.string(),
    count: z.number().int(),
    lastAt: z.string(),
  });
  app.get(
    '/admin/csp-reports',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Content-Security-Policy violations browsers reported to this process (deduplicated, with counts; newest 200 distinct)',
        response: { 200: envelope(z.object({ violations: z.array(cspViolation) })) },
      },
    },
    async (request) => okEnvelope(request.locale, { violations: app.cspReports.list() }),
  );
  app.post(
    '/admin/csp-reports/clear',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Forget the Content-Security-Policy violations this process has kept',
        body: z.object({}).optional(),
        response: { 200: envelope(z.object({ cleared: z.number().int() })) },
      },
    },
    async (request) => {
      const cleared = app.cspReports.list().length;
      app.cspReports.clear();
      return okEnvelope(request.locale, { cleared });
    },
  );

  if (app.config.sandbox) {
    const outbox: SandboxOutbox = new Outbox(app.database.sql);
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          summary: 'Sandbox only: messages the sandbox messaging provider delivered (newest first)',
          querystring: z.object({
            to: z.string().trim().min(1).max(254).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: {
            200: envelope(
              z.object({
                messages: z.array(
                  z.object({
                    id: z.string(),
                    channel: z.string(),
                    to: z.string(),
                    subject: z.string(),
                    body: z.string(),
                    createdAt: z.string(),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (request) => {
        const to = request.query.to;
        const normalised = to ? (to.includes('@') ? to.toLowerCase() : to.replace(/[\s-]/g, '')) : undefined;
        const messages = await outbox.list({ to: normalised, limit: request.query.limit });
        return okEnvelope(request.locale, { messages });
      },
    );

    // A sandbox control like dev/chain/*: puts a customer at a verification level for test and demo
    // set-ups that are not about verification itself (the KYC flow proves itself through its own
    // provider sandbox). Never registered outside sandbox mode.
    app.post(
      '/dev/users/kyc',
      {
        schema: {
          tags: ['dev'],
          summary: "Sandbox only: set a customer's KYC level and verified date of birth",
          body: z.object({
            userId: z.string().regex(/^\d{1,18}$/),
            level: z.number().int().min(0).max(2),
            birthDate: z.iso.date().optional(),
          }),
          response: {
            200: envelope(z.object({ userId: z.string(), level: z.number(), birthDate: z.string().nullable() })),
          },
        },
      },
      async (request) => {
        const { userId, level, birthDate } = request.body;
        const rows = await app.database.sql.query<{ id: string; kyc_level: number; birth_date: string | null }>(
          `update users set kyc_level = $2, birth_date = coalesce($3::date, birth_date), updated_at = now()
           where id = $1::bigint returning id::text as id, kyc_level::int as kyc_level, birth_date::text as birth_date`,
          [userId, level, birthDate ?? null],
        );
        const row = rows[0];
        if (!row) throw new BusinessError('not_found');
        return okEnvelope(request.locale, { userId: row.id, level: row.kyc_level, birthDate: row.birth_date });
      },
    );
  }
};

export default systemModule;
