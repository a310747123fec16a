import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateCardBody,
  addCardAddressBody,
  applyCardBody,
  cardAddress,
  cardAddressesResult,
  cardEligibilityResult,
  cardIdQuery,
  cardOperationRecord,
  cardProductsResult,
  cardSummary,
  cardsResult,
  cardTopUpBody,
  cardTopUpQuote,
  cardTopUpQuoteQuery,
  cardWithdrawQuote,
  cardWithdrawQuoteQuery,
  cardFundingWithdrawQuote,
  cardFundingWithdrawQuoteQuery,
  cardWithdrawBody,
  cardFundingWithdrawBody,
  cardFundingWithdrawal,
  deleteCardAddressBody,
  devCardFailuresBody,
  devCardFailuresResult,
  devCardShipBody,
  updateCardAddressBody,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { idempotencyKeyOf, replyIdempotent } from '../../http/idempotency.js';
import { createCardIssuer, SANDBOX_WEBHOOK_SECRET } from '../../providers/card-issuer/index.js';
import { SandboxCardNetwork } from '../../providers/card-issuer/sandbox-network.js';
import { PayPasswords } from '../wallet/pay-password/paypass.js';
import { CardControls } from './controls/card-controls.js';
import type { PasskeyProofVerifier } from './model.js';
import { verifyPasskeyProof } from '../passkeys/index.js';
import { registerCardStatementAndControls } from './routes-statement-controls.js';
import { registerCardTransactionsDemoSeed } from './statement/seed.js';
import { CardTransactions } from './statement/transactions.js';
import { checkCards } from './check.js';
import { cardNotFound } from './errors.js';
import { registerCardsDemoSeed } from './issuing/seed.js';
import { CardFundingMoves } from './moves/funding.js';
import { FundingLots } from './moves/funding-lots.js';
import { SandboxRates } from '../../providers/rates/sandbox.js';
import { CardService } from './service.js';
import { registerThreeDsAndSpendingControls } from './routes-three-ds-controls.js';
import { SpendingControls } from './controls/spending-controls.js';
import { ThreeDsChallenges } from './three-ds/challenges.js';
import { registerThreeDsDemoSeed } from './three-ds/seed.js';
import { registerCardDisputes } from './disputes/routes.js';
import { registerWechatPay } from './wechat-pay/routes.js';
import { userOf } from '../../http/auth.js';
import { money } from '../../ledger/money.js';

/** How often the 3-D Secure timeout job looks for challenges past their 5 minutes. */
export const THREE_DS_SWEEP_MS = 5_000;

/**
 * Cards, part 1 over HTTP (docs/cards.md, docs/api.md "Cards"). Every `card/*` route needs a
 * customer session and touches only the caller's cards and addresses; money-moving POSTs need
 * `Idempotency-Key`. Sandbox controls live under /api/dev/cards/ (absent outside sandbox mode).
 */
const cardsModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { issuer, sandbox } = createCardIssuer({
    sandboxMode: app.config.sandbox,
    settings: app.config.cardIssuer,
    db: app.database.sql,
    now: () => app.clock.now(),
  });
  const payPasswords = new PayPasswords(app.database.sql, app.config.scryptN);
  // Money back to the wallet: 1:1 in the currency it came in with, else at the exchange's rate and spread.
  const lots = new FundingLots(new SandboxRates(app.config.exchangeSpread, () => app.clock.now().getTime()));
  const cards = new CardService({
    db: app.database.sql,
    issuer,
    now: () => app.clock.now(),
    events: app.events,
    payPasswords,
    lots,
  });
  const funding = new CardFundingMoves({ db: app.database.sql, payPasswords, events: app.events, lots });
  const transactions = new CardTransactions({ db: app.database.sql, events: app.events });
  const controls = new CardControls({ db: app.database.sql, issuer, cards, payPasswords, now: () => app.clock.now() });
  // Issuer webhooks: CARD_WEBHOOK_SECRET; the sandbox has a documented default. Without a secret every webhook is refused.
  const webhookSecret = app.config.cardIssuer.webhookSecret || (sandbox ? SANDBOX_WEBHOOK_SECRET : '');
  const network = sandbox
    ? new SandboxCardNetwork(app.database.sql, sandbox, webhookSecret, () => app.clock.now())
    : null;
  // The sandbox issuer delivers its webhooks over HTTP to this API's own route (signature checked like any other).
  network?.connect(async (raw, headers) => {
    const res = await app.inject({ method: 'POST', url: '/api/card/webhook', payload: raw, headers });
    return res.statusCode === 200 && (JSON.parse(res.body) as { code: number }).code === 200;
  });

  // Like a real issuer, the sandbox sends again what our API did not accept (it was down, restarting
  // or answered an error): every webhook stays in its outbox until accepted. Our route is idempotent
  // on the event id, so an event sent twice changes nothing the second time.
  if (network) {
    app.jobs.every('cards.sandbox-issuer-redeliver', app.config.sandboxCardWebhookRetryMs, () =>
      network.flush().catch((e: unknown) => app.log.warn({ err: e }, 'sandbox issuer webhook redelivery failed')),
    );
    // The issuer's own monthly-fee run (docs/cards.md "Monthly fee"): once a month per card, owed fees retried each run.
    app.jobs.every('cards.sandbox-issuer-monthly-fees', app.config.sandboxCardFeeRunMs, () =>
      network
        .chargeMonthlyFees()
        .catch((e: unknown) => app.log.warn({ err: e }, 'sandbox issuer monthly fee run failed')),
    );
  }
  // Operations a crash left half-done are unwound (issuer reversal) once a minute.
  app.jobs.every('cards.recover-pending', 60_000, () =>
    Promise.all([cards.recoverPending(), funding.recoverPending(new Date(app.clock.now().getTime() - 120_000))]).catch(
      (e: unknown) => app.log.error({ err: e }, 'card recovery failed'),
    ),
  );

  // The home page's first response draws the customer's total balance (web/first-view.ts): its cards'
  // part is the sum of the balances of GET card/list's answer, which the page is then handed, so the
  // HTML adds up exactly what the page will.
  app.firstView.provide(['cards.balanceUsd'], {
    request: 'card/list',
    pick: (data) => {
      const owned = (data as { cards: { balance: string }[] }).cards;
      const sum = owned.reduce((total, card) => total.plus(money(card.balance)), money('0'));
      return { 'cards.balanceUsd': sum.toFixed(2) };
    },
  });

  const tags = ['cards'];
  const user = { config: { auth: 'user' as const } };

  app.get(
    '/card/products',
    {
      schema: {
        tags,
        summary: 'Card products with their benefits (fees, limits)',
        response: { 200: envelope(cardProductsResult) },
      },
    },
    async (r) => okEnvelope(r.locale, cards.products()),
  );
  app.get(
    '/card/eligibility',
    {
      ...user,
      schema: {
        tags,
        summary: 'What the apply gates say for this customer (KYC, e-mail, age, funding)',
        response: { 200: envelope(cardEligibilityResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.eligibility(userOf(r).userId)),
  );
  app.get(
    '/card/list',
    {
      ...user,
      schema: {
        tags,
        summary: 'The customer’s cards (masked number, status, balance)',
        response: { 200: envelope(cardsResult) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.list(userOf(r).userId)),
  );
  app.get(
    '/card/detail',
    {
      ...user,
      schema: {
        tags,
        summary: 'One card (masked; shipping state of a physical card)',
        querystring: cardIdQuery,
        response: { 200: envelope(cardSummary) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.card(userOf(r).userId, r.query.cardId)),
  );

  app.get(
    '/card/addresses',
    { ...user, schema: { tags, summary: 'Shipping addresses', response: { 200: envelope(cardAddressesResult) } } },
    async (r) => okEnvelope(r.locale, await cards.addresses(userOf(r).userId)),
  );
  app.post(
    '/card/addAddress',
    {
      ...user,
      schema: {
        tags,
        summary: 'Add a shipping address (every field required)',
        body: addCardAddressBody,
        response: { 200: envelope(cardAddress) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.addAddress(userOf(r).userId, r.body)),
  );
  app.post(
    '/card/updateAddress',
    {
      ...user,
      schema: {
        tags,
        summary: 'Edit one of your shipping addresses',
        body: updateCardAddressBody,
        response: { 200: envelope(cardAddress) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.updateAddress(userOf(r).userId, r.body.id, r.body)),
  );
  app.post(
    '/card/deleteAddress',
    {
      ...user,
      schema: {
        tags,
        summary: 'Delete one of your shipping addresses',
        body: deleteCardAddressBody,
        response: { 200: envelope(z.object({ ok: z.literal(true) })) },
      },
    },
    async (r) => {
      await cards.deleteAddress(userOf(r).userId, r.body.id);
      return okEnvelope(r.locale, { ok: true as const });
    },
  );

  app.post(
    '/card/apply',
    {
      ...user,
      schema: {
        tags,
        summary: 'Apply for a card (Idempotency-Key): gates, application fee, issuer',
        body: applyCardBody,
        response: { 200: envelope(cardSummary) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      return okEnvelope(r.locale, replyIdempotent(reply, await cards.apply(userOf(r).userId, key, r.body)));
    },
  );
  app.post(
    '/card/activate',
    {
      ...user,
      schema: {
        tags,
        summary: 'Cardholder + first top-up, which activates the card (Idempotency-Key)',
        body: activateCardBody,
        response: { 200: envelope(cardOperationRecord) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      return okEnvelope(r.locale, replyIdempotent(reply, await cards.activate(userOf(r).userId, key, r.body)));
    },
  );
  app.post(
    '/card/topUp',
    {
      ...user,
      schema: {
        tags,
        summary: 'Top up from the card-funding balance; gateway fee under 50 USD (Idempotency-Key)',
        body: cardTopUpBody,
        response: { 200: envelope(cardOperationRecord) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      return okEnvelope(r.locale, replyIdempotent(reply, await cards.topUp(userOf(r).userId, key, r.body)));
    },
  );
  app.get(
    '/card/topUpQuote',
    {
      ...user,
      schema: {
        tags,
        summary: 'Quote a top-up: gateway fee and total from card funding; refuses what card/topUp refuses',
        querystring: cardTopUpQuoteQuery,
        response: { 200: envelope(cardTopUpQuote) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.topUpQuote(userOf(r).userId, r.query)),
  );
  app.get(
    '/card/withdrawQuote',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Quote a card → wallet withdrawal: fee, what arrives (1:1 in the currency the money came in with, else at the exchange rate less the spread); refuses what card/withdraw refuses',
        querystring: cardWithdrawQuoteQuery,
        response: { 200: envelope(cardWithdrawQuote) },
      },
    },
    async (r) => okEnvelope(r.locale, await cards.withdrawQuote(userOf(r).userId, r.query)),
  );
  app.get(
    '/card/funding/withdrawQuote',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Quote card funding → wallet: what arrives (1:1 in the currency the money came in with, else at the exchange rate less the spread); refuses what card/funding/withdrawToWallet refuses',
        querystring: cardFundingWithdrawQuoteQuery,
        response: { 200: envelope(cardFundingWithdrawQuote) },
      },
    },
    async (r) => okEnvelope(r.locale, await funding.quote(userOf(r).userId, r.query)),
  );
  app.post(
    '/card/withdraw',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Card → wallet in USD, USDT or USDC (1:1 in the currency the money came in with, else at the exchange rate less the spread); 5 USD fee; the card keeps 1 USD; transaction password or a passkey proof (passkey/proofOptions ceremony) (Idempotency-Key)',
        body: cardWithdrawBody,
        response: { 200: envelope(cardOperationRecord) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      const { passkey, payPassword, ...move } = r.body;
      const body = passkey ? { ...move, passkey } : { ...move, payPassword };
      const verifyPasskey: PasskeyProofVerifier = (userId, proof) =>
        verifyPasskeyProof(base, Number(userId), proof.response as never, proof.ceremonyId, r);
      return okEnvelope(
        r.locale,
        replyIdempotent(reply, await cards.withdraw(userOf(r).userId, key, body, verifyPasskey)),
      );
    },
  );
  app.post(
    '/card/funding/withdrawToWallet',
    {
      ...user,
      schema: {
        tags,
        summary:
          'Card-funding balance → wallet in USD, USDT or USDC (1:1 in the currency the money came in with, else at the exchange rate less the spread; no fee); transaction password (Idempotency-Key)',
        body: cardFundingWithdrawBody,
        response: { 200: envelope(cardFundingWithdrawal) },
      },
    },
    async (r, reply) => {
      const key = idempotencyKeyOf(r);
      return okEnvelope(
        r.locale,
        replyIdempotent(reply, await funding.withdrawToWallet(userOf(r).userId, key, r.body)),
      );
    },
  );

  app.get(
    '/admin/cards/check',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Verify the card books against the ledger and the issuer',
        response: { 200: envelope(z.object({ ok: z.boolean(), problems: z.array(z.string()) })) },
      },
    },
    async (r) => {
      const problems = await checkCards(app.database.sql, issuer, app.clock.now());
      return okEnvelope(r.locale, { ok: problems.length === 0, problems });
    },
  );

  await registerCardStatementAndControls(base, { cards, transactions, controls, webhookSecret, network });
  // Issue 23, part 1: 3-D Secure approved in the app and per-card spending controls.
  const threeDs = new ThreeDsChallenges({ db: app.database.sql, issuer, payPasswords, now: () => app.clock.now() });
  const spending = new SpendingControls({ db: app.database.sql, issuer, now: () => app.clock.now() });
  registerThreeDsAndSpendingControls(base, { threeDs, spending });
  // 5 minutes without an answer declines; answers the issuer has not acknowledged are sent again.
  app.jobs.every('cards.threeds-sweep', THREE_DS_SWEEP_MS, () =>
    threeDs.sweep().catch((e: unknown) => app.log.warn({ err: e }, '3-D Secure sweep failed')),
  );
  app.jobs.every('cards.spending-controls-sync', 30_000, () =>
    spending.syncBehind().catch((e: unknown) => app.log.warn({ err: e }, 'spending controls sync failed')),
  );
  if (network)
    app.jobs.every('cards.sandbox-issuer-threeds-expiry', 15_000, () =>
      network.expireThreeDs().catch((e: unknown) => app.log.warn({ err: e }, 'sandbox issuer 3DS expiry failed')),
    );
  // Disputes (issue 23): filing, the issuer's dispute webhook, the sandbox dispute desk.
  await registerCardDisputes(base, {
    cards,
    webhookSecret,
    sandboxMode: app.config.sandbox,
    issuerChoice: app.config.cardIssuer.issuer,
  });
  // WeChat Pay for the application fee (issue 27, docs/wechat.md).
  await registerWechatPay(base, { cards });

  if (sandbox) {
    const dev = { config: { auth: 'public' as const } };
    app.post(
      '/dev/cards/failures',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: make the card issuer refuse or time out, per operation',
          body: devCardFailuresBody,
          response: { 200: envelope(devCardFailuresResult) },
        },
      },
      async (r) => {
        Object.assign(sandbox.failures, Object.fromEntries(Object.entries(r.body).filter(([, v]) => v !== undefined)));
        return okEnvelope(r.locale, { ...sandbox.failures });
      },
    );
    app.post(
      '/dev/cards/ship',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: the courier moves a physical card one step',
          body: devCardShipBody,
          response: { 200: envelope(cardSummary) },
        },
      },
      async (r) => {
        const owner = await cards.tokenOf(r.body.cardId);
        if (!owner) throw cardNotFound();
        await sandbox.advanceShipping(owner.token);
        return okEnvelope(r.locale, await cards.card(owner.userId, r.body.cardId));
      },
    );
    registerCardsDemoSeed(app, cards);
    if (network) registerCardTransactionsDemoSeed(app, cards, network);
    if (network) registerThreeDsDemoSeed(app, { cards, network, spending, threeDs });
  }
};

export default cardsModule;
