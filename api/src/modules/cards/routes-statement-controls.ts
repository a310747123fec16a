import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bindCardBody,
  cardActionBody,
  cardCloseBody,
  cardReplaceBody,
  cardReplaceResult,
  cardUnfreezeBody,
  cardDetailsBody,
  cardDetailsResult,
  cardOrder,
  cardOrderQuery,
  cardOrdersExportQuery,
  cardOrdersQuery,
  cardOrdersResult,
  cardRevealBody,
  cardRevealGrantResult,
  cardSummary,
  cardUnfreezeRequestResult,
  devCardPurchaseBody,
  devCardPurchaseResult,
  devCardReverseLoadBody,
  devCardRiskFreezeBody,
  devCardMonthlyFeesBody,
  devCardMonthlyFeesResult,
  devCardStockBody,
  devCardStockResult,
  devCardTransactionBody,
  devCardUnfreezeReviewBody,
  setCardPinBody,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { rawBodyValidatorCompiler, verifiedWebhookBody } from './signed-webhook.js';
import { idempotencyKeyOf, replyIdempotent } from '../../http/idempotency.js';
import {
  CardIssuerError,
  ISSUER_WEBHOOK_TYPES,
  SIGNATURE_HEADER,
  TIMESTAMP_HEADER,
} from '../../providers/card-issuer/index.js';
import type { SandboxCardNetwork } from '../../providers/card-issuer/sandbox-network.js';
import { verifyPasskeyProof } from '../passkeys/index.js';
import type { CardControls } from './controls/card-controls.js';
import type { PasskeyProofVerifier } from './model.js';
import { STATEMENT_CSV_HEADERS } from './statement/csv-headers.js';
import { CardError, cardNotFound } from './errors.js';
import { productById } from './products.js';
import type { CardService } from './service.js';
import type { CardTransactions } from './statement/transactions.js';
import { userOf } from '../../http/auth.js';

const ok = z.object({ ok: z.literal(true) });
const webhookResult = z.object({ duplicate: z.boolean(), outcome: z.string() });

/**
 * The routes of a card in use (docs/api.md "Cards, part 2"): the issuer webhook that feeds the
 * statement, the statement itself (orders, CSV export), the card controls (PIN, details reveal,
 * freeze, unfreeze request, close, bind) and the sandbox merchant simulator under /api/dev/cards/.
 * Getting a card and moving money onto and off it are in index.ts.
 */
export async function registerCardStatementAndControls(
  base: FastifyInstance,
  deps: {
    cards: CardService;
    transactions: CardTransactions;
    controls: CardControls;
    webhookSecret: string;
    network: SandboxCardNetwork | null;
  },
): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { cards, transactions, controls, network } = deps;
  const tags = ['cards'];
  const user = { config: { auth: 'user' as const } };

  // ---- Issuer webhook: the signature covers the raw bytes, so this context keeps the body as a Buffer.
  await base.register(async (hook) => {
    hook.removeContentTypeParser('application/json');
    hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 65_536 }, (_req, body, done) =>
      done(null, body),
    );
    hook.post(
      '/card/webhook',
      {
        schema: {
          tags,
          summary: `Card issuer webhook (${SIGNATURE_HEADER}: v1=HMAC-SHA256 hex of "<${TIMESTAMP_HEADER}>.<raw body>"; ±300 s; idempotent on the event id)`,
          headers: z.object({
            [SIGNATURE_HEADER]: z.string().max(256).optional(),
            [TIMESTAMP_HEADER]: z.string().max(32).optional(),
          }),
          // Documents the event; the signature covers the raw bytes, so the service parses it after checking.
          body: z.object({
            id: z.string(),
            type: z.enum(ISSUER_WEBHOOK_TYPES),
            createdAt: z.string(),
            cardToken: z.string(),
            transaction: z.object({}).passthrough().optional(),
            load: z.object({ reference: z.string(), amount: z.string() }).optional(),
            status: z.object({ status: z.string(), freezeDays: z.number().nullable() }).optional(),
          }),
          response: { 200: envelope(webhookResult) },
        },
        validatorCompiler: rawBodyValidatorCompiler,
      },
      async (request) => {
        const raw = verifiedWebhookBody(request, deps.webhookSecret, base.clock.now(), 'card webhook');
        return okEnvelope(request.locale, await transactions.apply(transactions.parse(raw)));
      },
    );
  });

  // ---- Statement -----------------------------------------------------------------------------
  app.get(
    '/card/orders',
    {
      ...user,
      schema: {
        tags,
        summary: 'Card orders (statement): filter by card and state, 15 per page',
        querystring: cardOrdersQuery,
        response: { 200: envelope(cardOrdersResult) },
      },
    },
    async (r) => {
      const q = r.query;
      if (q.cardId) await cards.ownedToken(userOf(r).userId, q.cardId);
      return okEnvelope(r.locale, await transactions.list(userOf(r).userId, q));
    },
  );
  app.get(
    '/card/order',
    {
      ...user,
      schema: { tags, summary: 'One card order', querystring: cardOrderQuery, response: { 200: envelope(cardOrder) } },
    },
    async (r) => okEnvelope(r.locale, await transactions.detail(userOf(r).userId, r.query.id)),
  );
  app.get(
    '/card/orders/export',
    {
      ...user,
      schema: {
        tags,
        summary: 'CSV export of the card orders of a period (UTC dates, inclusive, ≤ 366 days)',
        querystring: cardOrdersExportQuery,
        produces: ['text/csv'],
      },
    },
    async (r, reply) => {
      if (r.query.cardId) await cards.ownedToken(userOf(r).userId, r.query.cardId);
      const { filename, csv } = await transactions.exportCsv(
        userOf(r).userId,
        r.query,
        STATEMENT_CSV_HEADERS[r.locale],
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  // ---- Controls --------------------------------------------------------------------------------
  app.post(
    '/card/setPin',
    {
      ...user,
      schema: {
        tags,
        summary: 'Change the card PIN or ATM PIN at the issuer (6 digits twice; never stored)',
        body: setCardPinBody,
        response: { 200: envelope(ok) },
      },
    },
    async (r) => okEnvelope(r.locale, await controls.setPin(userOf(r).userId, r.body)),
  );
  app.post(
    '/card/detailsGrant',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Transaction password or a passkey proof (passkey/proofOptions ceremony) → single-use, short-lived grant to reveal the card details',
        body: cardRevealBody,
        response: { 200: envelope(cardRevealGrantResult) },
      },
    },
    async (r, reply) => {
      reply.header('cache-control', 'no-store');
      const body = r.body.passkey
        ? { cardId: r.body.cardId, passkey: r.body.passkey }
        : { cardId: r.body.cardId, payPassword: r.body.payPassword };
      const verifyPasskey: PasskeyProofVerifier = (userId, proof) =>
        verifyPasskeyProof(base, Number(userId), proof.response as never, proof.ceremonyId, r);
      return okEnvelope(r.locale, await controls.revealGrant(userOf(r).userId, body, verifyPasskey));
    },
  );
  app.post(
    '/card/details',
    {
      ...user,
      schema: {
        tags,
        summary: 'Redeem the grant once: full number, expiry, CVV (Cache-Control: no-store; never stored or logged)',
        body: cardDetailsBody,
        response: { 200: envelope(cardDetailsResult) },
      },
    },
    async (r, reply) => {
      reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
      return okEnvelope(r.locale, await controls.reveal(userOf(r).userId, r.body));
    },
  );
  app.post(
    '/card/freeze',
    {
      ...user,
      schema: {
        tags,
        summary: 'Freeze the card (instant; purchases are declined)',
        body: cardActionBody,
        response: { 200: envelope(cardSummary) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.setFrozen(userOf(r).userId, r.body.cardId, true)),
  );
  app.post(
    '/card/unfreeze',
    {
      ...user,
      schema: {
        tags,
        summary: 'Unfreeze a card the customer froze',
        body: cardActionBody,
        response: { 200: envelope(cardSummary) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.setFrozen(userOf(r).userId, r.body.cardId, false)),
  );
  app.post(
    '/card/requestUnfreeze',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Ask the issuer to lift a risk freeze: once, after the freeze period, 1 USD from the wallet (less an unfreeze-fee coupon)',
        body: cardUnfreezeBody,
        response: { 200: envelope(cardUnfreezeRequestResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.requestUnfreeze(userOf(r).userId, r.body.cardId, r.body.couponId)),
  );
  app.post(
    '/card/close',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Close the card: its balance returns to the wallet (USD, USDT or USDC; default USD) in one posting (Idempotency-Key)',
        body: cardCloseBody,
        response: { 200: envelope(cardSummary) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      return okEnvelope(
        r.locale,
        replyIdempotent(
          reply,
          await cards.close(userOf(r).userId, key, r.body.cardId, (id) => transactions.openHolds(id), r.body.currency),
        ),
      );
    },
  );
  app.post(
    '/card/replace',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Replace a compromised card (free): the issuer reissues it (new number), its balance moves to the new card in one posting, the old card is closed (Idempotency-Key)',
        body: cardReplaceBody,
        response: { 200: envelope(cardReplaceResult) },
      },
    },
    async (r, reply) =>
      okEnvelope(
        r.locale,
        replyIdempotent(
          reply,
          await cards.replace(userOf(r).userId, idempotencyKeyOf(r), r.body.cardId, (id) => transactions.openHolds(id)),
        ),
      ),
  );
  app.post(
    '/card/bind',
    {
      ...user,
      schema: {
        tags,
        summary: 'Bind a physical card received by post (Luhn, product BIN ranges, carrier code)',
        body: bindCardBody,
        response: { 200: envelope(cardSummary) },
      },
    },
    async (r) => okEnvelope(r.locale, await controls.bind(userOf(r).userId, r.body)),
  );

  if (!network) return;
  // ---- Sandbox: merchant simulator and issuer controls -----------------------------------------
  const dev = { config: { auth: 'public' as const } };
  const issuerCall = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (e) {
      if (e instanceof CardIssuerError)
        throw new CardError(
          e.failure === 'not_found' ? 'not_found' : 'operation_failed',
          {},
          e.failure === 'not_found' ? 404 : undefined,
        );
      throw e;
    }
  };
  const tokenOf = async (cardId: string) => {
    const owner = await cards.tokenOf(cardId);
    if (!owner) throw cardNotFound();
    return owner.token;
  };
  app.post(
    '/dev/cards/purchase',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary:
          'Sandbox merchant: a purchase on a card (authorised or declined by the issuer; optionally cleared or voided)',
        body: devCardPurchaseBody,
        response: { 200: envelope(devCardPurchaseResult) },
      },
    },
    async (r) => {
      const b = r.body;
      const token = await tokenOf(b.cardId);
      const result = await issuerCall(() =>
        network.purchase({
          token,
          amount: b.amount,
          currency: b.currency,
          merchant: { name: b.merchant, city: b.city ?? null, country: b.country ?? null, mcc: b.mcc ?? null },
          channel: b.channel,
          risk: b.risk,
        }),
      );
      if (result.approved && b.then === 'clear') await issuerCall(() => network.clear(result.transactionId));
      if (result.approved && b.then === 'void') await issuerCall(() => network.void(result.transactionId));
      return okEnvelope(r.locale, {
        transactionId: result.transactionId,
        approved: result.approved,
        declineReason: result.declineReason,
        challengeId: result.challengeId,
      });
    },
  );
  app.post(
    '/dev/cards/transaction',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox merchant: clear, void, refund or settle a refund of an issuer transaction',
        body: devCardTransactionBody,
        response: { 200: envelope(z.object({ transactionId: z.string() })) },
      },
    },
    async (r) => {
      const b = r.body;
      let id = b.transactionId;
      if (b.action === 'clear') await issuerCall(() => network.clear(id));
      if (b.action === 'void') await issuerCall(() => network.void(id));
      if (b.action === 'refund') id = (await issuerCall(() => network.refund(b.transactionId, b.amount))).refundId;
      if (b.action === 'settle_refund') await issuerCall(() => network.settleRefund(id));
      return okEnvelope(r.locale, { transactionId: id });
    },
  );
  app.post(
    '/dev/cards/riskFreeze',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox issuer: risk-freeze a card for N days',
        body: devCardRiskFreezeBody,
        response: { 200: envelope(ok) },
      },
    },
    async (r) => {
      const token = await tokenOf(r.body.cardId);
      await issuerCall(() => network.riskFreeze(token, r.body.days));
      return okEnvelope(r.locale, { ok: true as const });
    },
  );
  app.post(
    '/dev/cards/unfreezeReview',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox issuer: approve or reject a pending unfreeze request',
        body: devCardUnfreezeReviewBody,
        response: { 200: envelope(ok) },
      },
    },
    async (r) => {
      const token = await tokenOf(r.body.cardId);
      await issuerCall(() => network.reviewUnfreeze(token, r.body.approve));
      return okEnvelope(r.locale, { ok: true as const });
    },
  );
  app.post(
    '/dev/cards/reverseLoad',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox issuer: reverse a top-up it had accepted (by our operation id)',
        body: devCardReverseLoadBody,
        response: { 200: envelope(ok) },
      },
    },
    async (r) => {
      await issuerCall(() => network.reverseLoad(r.body.operationId));
      return okEnvelope(r.locale, { ok: true as const });
    },
  );
  app.post(
    '/dev/cards/stock',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox issuer: print and post a physical card (answers its number and carrier code — sandbox only)',
        body: devCardStockBody,
        response: { 200: envelope(devCardStockResult) },
      },
    },
    async (r) => {
      const product = productById(`physical-${r.body.brand}-${r.body.tier}`)!;
      return okEnvelope(
        r.locale,
        await network.stockPhysicalCard({
          brand: r.body.brand,
          tier: r.body.tier,
          transactionFee: product.transactionFee,
          monthlyLimit: product.monthlyLimit,
          monthlyFee: product.monthlyFee,
        }),
      );
    },
  );
  app.post(
    '/dev/cards/monthlyFees',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox issuer: run the monthly-fee job now or as of the 1st of a given month, for every card or one',
        body: devCardMonthlyFeesBody,
        response: { 200: envelope(devCardMonthlyFeesResult) },
      },
    },
    async (r) => {
      const at = r.body.month ? new Date(`${r.body.month}-01T00:00:00.000Z`) : undefined;
      return okEnvelope(
        r.locale,
        await network.chargeMonthlyFees(at, r.body.cardId ? await tokenOf(r.body.cardId) : undefined),
      );
    },
  );
  app.post(
    '/dev/cards/webhooks/flush',
    {
      ...dev,
      schema: {
        tags: ['dev'],
        summary: 'Sandbox issuer: deliver webhooks not yet accepted',
        body: z.object({}).optional(),
        response: { 200: envelope(z.object({ delivered: z.number().int() })) },
      },
    },
    async (r) => okEnvelope(r.locale, { delivered: await network.flush() }),
  );
}
