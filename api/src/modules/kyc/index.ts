import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import {
  kyc1Body,
  kyc2AccessTokenBody,
  kyc2AccessTokenResult,
  kycStatusResult,
  uploadImageResult,
  directUploadBody,
  directUploadTicket,
  directUploadCompleteBody,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError } from '../../http/errors.js';
import { createObjectStore } from '../../providers/object-store/index.js';
import { SANDBOX_WEBHOOK_SECRET, SandboxVerificationProvider } from '../../providers/kyc/sandbox.js';
import { registerSandboxFlow } from '../../providers/kyc/sandbox-flow.js';
import type { VerificationProvider } from '../../providers/kyc/types.js';
import { UnconfiguredVerificationProvider } from '../../providers/kyc/unconfigured.js';
import { KycService, type WebhookDigestAlgorithm } from './service.js';
import { SANDBOX_IDENTITY_KEY } from './identity.js';
import { MULTIPART_LIMITS, receiveImages } from './upload.js';
import { registerKycDemoSeed } from './demo-seed.js';
import { DirectUploads } from './direct-upload.js';
import { userOf } from '../../http/auth.js';

const ok = z.object({ ok: z.literal(true) });
const webhookResult = z.object({ duplicate: z.boolean(), applied: z.boolean() });

/**
 * Identity verification (docs/kyc.md) and the image upload.
 * Configuration (app.config.kyc, read in config/kyc.ts): KYC_WEBHOOK_SECRET (required outside sandbox; sandbox default
 * documented), KYC_WEBHOOK_ALGORITHM (HMAC_SHA256_HEX default, or HMAC_SHA512_HEX; never the
 * caller's choice; the sandbox provider signs SHA-256), KYC_IDENTITY_HASH_KEY (required outside
 * sandbox for level 2; docs/kyc.md "One identity, one account"), KYC_WEBHOOK_MAX_AGE_SECONDS
 * (172800), KYC_ACCESS_TOKEN_TTL_SECONDS (600),
 * SANDBOX_KYC_REVIEW_MS (4000), SANDBOX_KYC_DELIVERY_MS (1000; 0 = no background delivery),
 * object store: see providers/object-store.
 */
const kycModule: FastifyPluginAsync = async (base) => {
  const config = base.config;
  const kyc = config.kyc;
  const webhookSecret = kyc.webhookSecret || (config.sandbox ? SANDBOX_WEBHOOK_SECRET : '');
  // Fixed by configuration, never by the caller (docs/kyc.md): HMAC_SHA256_HEX (default) or HMAC_SHA512_HEX.
  const webhookAlgorithm: WebhookDigestAlgorithm = kyc.webhookAlgorithm;
  const store = createObjectStore(config);

  let sandbox: SandboxVerificationProvider | null = null;
  let provider: VerificationProvider;
  if (config.sandbox) {
    sandbox = new SandboxVerificationProvider({
      db: base.database.sql,
      clock: base.clock,
      webhookSecret,
      reviewDelayMs: kyc.sandboxReviewMs,
      // The sandbox "provider" calls our webhook over the same HTTP pipeline a real one would use.
      deliver: async (body, headers) => {
        const res = await base.inject({ method: 'POST', url: '/api/kyc/webhook', headers, payload: body });
        return res.statusCode === 200 && (JSON.parse(res.body) as { code: number }).code === 200;
      },
    });
    provider = sandbox;
  } else {
    provider = new UnconfiguredVerificationProvider();
  }

  const service = new KycService({
    db: base.database.sql,
    clock: base.clock,
    provider,
    webhookSecret,
    webhookAlgorithm,
    webhookMaxAgeSeconds: kyc.webhookMaxAgeSeconds,
    accessTokenTtlSeconds: kyc.accessTokenTtlSeconds,
    maxFailedSubmissionsPerDay: kyc.maxFailedSubmissionsPerDay,
    identityKey: kyc.identityHashKey || (config.sandbox ? SANDBOX_IDENTITY_KEY : ''),
    events: base.events,
  });

  const tags = ['kyc'];
  base.get(
    '/kyc/status',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'Verification level and the state of each level',
        response: { 200: envelope(kycStatusResult) },
      },
    },
    async (request) => okEnvelope(request.locale, await service.status(userOf(request).userId, request.locale)),
  );
  base.post(
    '/kyc/level1',
    {
      config: { auth: 'user' },
      // The body is validated in the handler so field messages carry the KYC texts (under 18 …).
      schema: {
        tags,
        summary: 'Submit level-1 details and document photos; decided by the provider',
        body: kyc1Body,
        response: { 200: envelope(kycStatusResult) },
      },
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const u = userOf(request);
      await service.submitLevel1(u.userId, request.body, request.locale);
      return okEnvelope(request.locale, await service.status(u.userId, request.locale));
    },
  );
  base.post(
    '/kyc/level2/accessToken',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "Short-lived token for the provider's level-2 flow",
        body: kyc2AccessTokenBody,
        response: { 200: envelope(kyc2AccessTokenResult) },
      },
    },
    async (request) => {
      const asked = (request.body as z.infer<typeof kyc2AccessTokenBody> | undefined)?.locale;
      const locale = asked && ['en-US', 'zh-HK', 'ar-AE', 'tr-TR'].includes(asked) ? asked : request.locale;
      return okEnvelope(
        request.locale,
        await service.accessToken(userOf(request).userId, locale as typeof request.locale),
      );
    },
  );
  base.post(
    '/kyc/level2/retry',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'After RED + RETRY: go through the provider flow again',
        body: z.object({}).optional(),
        response: { 200: envelope(ok) },
      },
    },
    async (request) => {
      await service.retryLevel2(userOf(request).userId);
      return okEnvelope(request.locale, { ok: true as const });
    },
  );

  // Webhook: the signature covers the raw bytes, so this context keeps the body as a Buffer.
  await base.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/kyc/webhook',
      {
        schema: {
          tags,
          summary: 'Verification provider webhook (X-Payload-Digest: HMAC-SHA256 hex of the raw body)',
          headers: z.object({
            'x-payload-digest': z.string().max(256).optional(),
            'x-payload-digest-alg': z.string().max(32).optional(),
          }),
          // Documents the event; the signature covers the raw bytes, so the service parses it after checking.
          body: z.object({
            type: z.enum([
              'applicantCreated',
              'applicantPending',
              'applicantReviewed',
              'applicantOnHold',
              'applicantReset',
            ]),
            applicantId: z.string(),
            externalUserId: z.string().optional(),
            levelName: z.string().optional(),
            reviewStatus: z.string().optional(),
            createdAtMs: z.string(),
            reviewResult: z
              .object({
                reviewAnswer: z.enum(['GREEN', 'RED']),
                rejectLabels: z.array(z.string()).optional(),
                reviewRejectType: z.enum(['RETRY', 'FINAL']).optional(),
                moderationComment: z.string().optional(),
              })
              .optional(),
          }),
          response: { 200: envelope(webhookResult) },
        },
        // Headers are validated by their schema; the body stays the raw Buffer the signature covers.
        validatorCompiler: (route) =>
          route.httpPart === 'body'
            ? (data: unknown) => ({ value: data })
            : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]),
      },
      async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : null;
        const digest = request.headers['x-payload-digest'];
        const alg = request.headers['x-payload-digest-alg'];
        if (
          !raw ||
          !service.verifySignature(
            raw,
            typeof digest === 'string' ? digest : undefined,
            typeof alg === 'string' ? alg : undefined,
          )
        ) {
          request.log.warn('kyc webhook refused: missing or wrong signature');
          throw new BusinessError('webhook_signature_invalid', {}, { code: 401 });
        }
        return okEnvelope(request.locale, await service.applyWebhook(raw));
      },
    );
  });

  // Upload: multipart only in this context.
  await base.register(async (up) => {
    await up.register(multipart, { limits: MULTIPART_LIMITS });
    up.post(
      '/upload/image',
      {
        config: { auth: 'user' },
        schema: {
          tags: ['upload'],
          summary:
            'Upload images (multipart/form-data, field "file", JPEG/PNG by content, ≤ 20 MB each, ≤ 52 files; GPS metadata removed)',
          consumes: ['multipart/form-data'],
          // Documents the multipart body; the parts are read as streams, not validated as an object.
          body: z.object({
            file: z
              .array(z.string().meta({ format: 'binary' }))
              .min(1)
              .max(52),
          }),
          response: { 200: envelope(uploadImageResult) },
        },
        validatorCompiler: () => (data) => ({ value: data }),
      },
      async (request) =>
        okEnvelope(request.locale, {
          files: await receiveImages(base as FastifyInstance, store, request, userOf(request).userId),
        }),
    );
  });
  // Direct uploads to the bucket (docs/kyc.md "Direct uploads"): token, then completion.
  const direct = new DirectUploads(base as FastifyInstance, store, {
    enabled: config.uploads.direct,
    tokenTtlSeconds: config.uploads.tokenTtlSeconds,
  });
  base.post(
    '/upload/image/direct',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['upload'],
        summary:
          'Upload token: a presigned POST policy for one image straight to the bucket (mode "direct"), or mode "api" when no bucket is configured',
        body: directUploadBody,
        response: { 200: envelope(directUploadTicket) },
      },
    },
    async (request) => {
      const { contentType } = request.body as { contentType: string };
      return okEnvelope(request.locale, await direct.issue(request, userOf(request).userId, contentType));
    },
  );
  base.post(
    '/upload/image/direct/complete',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['upload'],
        summary:
          'After the browser uploaded to the bucket: verify the object (type by content, size, GPS removed) and accept it as an image of yours (idempotent)',
        body: directUploadCompleteBody,
        response: { 200: envelope(uploadImageResult) },
      },
    },
    async (request) => {
      const { key } = request.body as { key: string };
      return okEnvelope(request.locale, { files: [await direct.complete(userOf(request).userId, key)] });
    },
  );
  if (direct.store) {
    base.jobs.every('uploads.direct-sweep', 10 * 60_000, () =>
      direct.sweep().catch((e) => base.log.warn({ err: e }, 'sweeping abandoned direct uploads failed')),
    );
  }

  base.get(
    '/upload/image/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['upload'],
        summary: 'One of your uploaded images (owner only)',
        params: z.object({ id: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const [row] = await base.database.sql.query<{ object_key: string; content_type: string; size_bytes: string }>(
        `select object_key, content_type, size_bytes::text as size_bytes from uploaded_images where public_id = $1 and user_id = $2::bigint`,
        [id, userOf(request).userId],
      );
      // Another customer's image answers exactly like a missing one.
      if (!row) throw new BusinessError('not_found');
      const body = await store.get(row.object_key);
      if (!body) throw new BusinessError('not_found');
      return reply
        .type(row.content_type)
        .header('Content-Length', row.size_bytes)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', 'inline')
        .send(body);
    },
  );

  if (sandbox) {
    const sb = sandbox;
    // The provider's hosted flow is not part of our API: its routes leave the /api prefix.
    await base.register(async (flow) => {
      flow.addHook('onRoute', (route) => {
        route.url = route.url.replace(/^\/api\/sandbox-provider\//, '/sandbox-provider/');
        route.path = route.url;
      });
      await registerSandboxFlow(flow, sb);
    });
    base.post(
      '/dev/kyc/deliver',
      {
        schema: {
          tags: ['dev'],
          summary: "Sandbox only: deliver the verification provider's due webhooks now",
          response: { 200: envelope(z.object({ delivered: z.number() })) },
        },
      },
      async (request) => okEnvelope(request.locale, { delivered: await sb.deliverDue() }),
    );
    const every = kyc.sandboxDeliveryMs;
    // One API process delivers (the outbox rows are not claimed, so two deliverers would send twice).
    base.jobs.every('kyc.sandbox-webhooks', every, () =>
      sb.deliverDue().catch((e) => base.log.warn({ err: e }, 'sandbox kyc webhook delivery failed')),
    );
    registerKycDemoSeed(base as FastifyInstance, service, sb, store, direct);
  }
};

export default kycModule;
