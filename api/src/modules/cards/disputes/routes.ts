import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CARD_DISPUTE_REASONS,
  cardDispute,
  cardDisputeEligibility,
  cardDisputeEligibilityQuery,
  cardDisputeQuery,
  cardDisputesQuery,
  cardDisputesResult,
  createCardDisputeBody,
  createCardDisputeResult,
  devCardDisputeAdvanceBody,
  devCardDisputeAdvanceResult,
  devCardDisputeOutcomeBody,
  devCardDisputeOutcomeResult,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../../http/envelope.js';
import { rawBodyValidatorCompiler, verifiedWebhookBody } from '../signed-webhook.js';
import { idempotencyKeyOf, replyIdempotent } from '../../../http/idempotency.js';
import {
  DISPUTE_WEBHOOK_TYPES,
  SandboxDisputeDesk,
  UnconfiguredDisputeIssuer,
} from '../../../providers/card-issuer/sandbox-disputes.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER } from '../../../providers/card-issuer/webhook.js';
import type { CardService } from '../service.js';
import { CardDisputes } from './service.js';
import { registerCardDisputesDemoSeed } from './seed.js';
import { userOf } from '../../../http/auth.js';

const webhookResult = z.object({ duplicate: z.boolean(), outcome: z.string() });

/**
 * Card disputes over HTTP (docs/cards.md "Disputes", docs/api.md): filing from a statement line
 * (Idempotency-Key), the dispute page and the card's list, the issuer's signed dispute webhook, and
 * the sandbox desk's switches under /api/dev/cards/disputes/.
 */
export async function registerCardDisputes(
  base: FastifyInstance,
  deps: { cards: CardService; webhookSecret: string; sandboxMode: boolean; issuerChoice: string | undefined },
): Promise<CardDisputes> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cards } = deps;
  const desk =
    deps.sandboxMode && (deps.issuerChoice ?? 'sandbox') === 'sandbox'
      ? new SandboxDisputeDesk(app.database.sql, deps.webhookSecret, () => app.clock.now())
      : null;
  const disputes = new CardDisputes({
    db: app.database.sql,
    issuer: desk ?? new UnconfiguredDisputeIssuer(),
    now: () => app.clock.now(),
    events: app.events,
    log: app.log,
  });
  // The sandbox desk delivers over HTTP to this API's own route (signature checked like any other).
  desk?.connect(async (raw, headers) => {
    const res = await app.inject({ method: 'POST', url: '/api/card/dispute/webhook', payload: raw, headers });
    return res.statusCode === 200 && (JSON.parse(res.body) as { code: number }).code === 200;
  });
  if (desk)
    app.jobs.every('cards.sandbox-dispute-redeliver', app.config.sandboxCardWebhookRetryMs, () =>
      desk.flush().catch((e: unknown) => app.log.warn({ err: e }, 'sandbox dispute webhook redelivery failed')),
    );
  // Disputes the issuer did not take when filed (it was down) are handed over again.
  app.jobs.every('cards.dispute-submit', 30_000, () =>
    disputes.submitPending().catch((e: unknown) => app.log.error({ err: e }, 'dispute submission failed')),
  );

  // Lost disputes' shortfalls: recovered as soon as the card holds money (also right after each top-up).
  app.jobs.every('cards.dispute-shortfall-recovery', 30_000, () =>
    cards.shortfalls.recoverAll().catch((e: unknown) => app.log.error({ err: e }, 'dispute shortfall recovery failed')),
  );

  const tags = ['cards'];
  const user = { config: { auth: 'user' as const } };

  await base.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/card/dispute/webhook',
      {
        schema: {
          tags,
          summary: `Card issuer dispute webhook (${SIGNATURE_HEADER}: v1=HMAC-SHA256 hex of "<${TIMESTAMP_HEADER}>.<raw body>"; ±300 s; idempotent on the event id)`,
          headers: z.object({
            [SIGNATURE_HEADER]: z.string().max(256).optional(),
            [TIMESTAMP_HEADER]: z.string().max(32).optional(),
          }),
          body: z.object({
            id: z.string(),
            type: z.enum(DISPUTE_WEBHOOK_TYPES),
            createdAt: z.string(),
            cardToken: z.string(),
            dispute: z.object({
              id: z.string(),
              reference: z.string(),
              transactionId: z.string(),
              amount: z.string(),
              credited: z.string(),
              reversed: z.string(),
              reason: z.string().nullable(),
            }),
          }),
          response: { 200: envelope(webhookResult) },
        },
        validatorCompiler: rawBodyValidatorCompiler,
      },
      async (request) => {
        const raw = verifiedWebhookBody(request, deps.webhookSecret, base.clock.now(), 'card dispute webhook');
        return okEnvelope(request.locale, await disputes.apply(disputes.parse(raw)));
      },
    );
  });

  app.post(
    '/card/dispute/create',
    {
      ...user,
      schema: {
        tags,
        summary: `Dispute a completed purchase of the last 120 days, free (Idempotency-Key); reason ${CARD_DISPUTE_REASONS.join(' | ')}; a fraud dispute may freeze the card in the same step`,
        body: createCardDisputeBody,
        response: { 200: envelope(createCardDisputeResult) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      const userId = userOf(r).userId;
      const result = await disputes.create(userId, key, r.body);
      let cardFrozen: boolean | null = null;
      if (r.body.freezeCard === true && r.body.reason === 'fraud') {
        // The existing freeze (issuer first, then our row); already frozen answers as frozen.
        cardFrozen = await cards
          .setFrozen(userId, result.response.cardId, true)
          .then((c) => c.status === 'frozen')
          .catch((e: unknown) => {
            r.log.warn({ err: e }, 'freeze with a fraud dispute failed');
            return false;
          });
      }
      return okEnvelope(r.locale, replyIdempotent(reply, { ...result, response: { ...result.response, cardFrozen } }));
    },
  );
  app.get(
    '/card/dispute/detail',
    {
      ...user,
      schema: {
        tags,
        summary: 'One of your disputes with its timeline',
        querystring: cardDisputeQuery,
        response: { 200: envelope(cardDispute) },
      },
    },
    async (r) => okEnvelope(r.locale, await disputes.view(userOf(r).userId, r.query.id)),
  );
  app.get(
    '/card/dispute/list',
    {
      ...user,
      schema: {
        tags,
        summary: 'Your disputes (of one card), newest first',
        querystring: cardDisputesQuery,
        response: { 200: envelope(cardDisputesResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await disputes.list(userOf(r).userId, r.query)),
  );
  app.get(
    '/card/dispute/eligibility',
    {
      ...user,
      schema: {
        tags,
        summary: 'Whether a statement line can be disputed (and its dispute, if it has one)',
        querystring: cardDisputeEligibilityQuery,
        response: { 200: envelope(cardDisputeEligibility) },
      },
    },
    async (r) => okEnvelope(r.locale, await disputes.eligibility(userOf(r).userId, r.query.orderId)),
  );

  if (desk) {
    const dev = { config: { auth: 'public' as const } };
    app.post(
      '/dev/cards/disputes/outcome',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: how the issuer decides the disputes it has under review (won / lost, and why)',
          body: devCardDisputeOutcomeBody,
          response: { 200: envelope(devCardDisputeOutcomeResult) },
        },
      },
      async (r) => {
        desk.decision = { outcome: r.body.outcome, reason: r.body.reason ?? desk.decision.reason };
        return okEnvelope(r.locale, { ...desk.decision });
      },
    );
    app.post(
      '/dev/cards/disputes/advance',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: the issuer moves one dispute (or every open one) one step, by signed webhook',
          body: devCardDisputeAdvanceBody,
          response: { 200: envelope(devCardDisputeAdvanceResult) },
        },
      },
      async (r) => {
        if (r.body.disputeId) await disputes.submitToIssuer(r.body.disputeId).catch(() => undefined);
        else await disputes.submitPending();
        return okEnvelope(r.locale, { advanced: await desk.advance(r.body.disputeId) });
      },
    );
    registerCardDisputesDemoSeed(app, cards, disputes, desk);
  }
  return disputes;
}
