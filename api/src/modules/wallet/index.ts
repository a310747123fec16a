import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import {
  addAddressBody,
  addressListQuery,
  addressListResult,
  adminDecideBody,
  adminWithdrawalRecord,
  adminWithdrawalsQuery,
  balancesResult,
  cashFlowQuery,
  cashFlowResult,
  changePayPasswordBody,
  currenciesResult,
  deleteAddressBody,
  depositRecord,
  depositsQuery,
  depositsResult,
  devChainDepositBody,
  devChainFailuresBody,
  devChainMineBody,
  exchangeBody,
  exchangeQuoteBody,
  exchangeQuoteResult,
  exchangeRecord,
  exchangeRecordsResult,
  ledgerCheckResult,
  paginatedSchema,
  paginationQuerySchema,
  payPasswordStatusResult,
  rechargeAddressQuery,
  rechargeAddressResult,
  resetPayPasswordBody,
  securedAccountResult,
  setPayPasswordBody,
  transferBody,
  transferInfoResult,
  transferRecord,
  unseenEventsResult,
  walletAddressSchema,
  withdrawBody,
  withdrawFeeQuery,
  withdrawFeeResult,
  withdrawalRecord,
  withdrawalsResult,
} from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError, InvalidParamsError } from '../../http/errors.js';
import { fitsCurrency, money } from '../../ledger/money.js';
import { idempotencyKeyOf, replyIdempotent } from '../../http/idempotency.js';
import { WalletError } from './errors.js';
import { parseWith } from './parse.js';
import {
  createWalletProviders,
  registerEvmChain,
  registerEvmSweeper,
  registerSandboxChain,
} from './chain/providers.js';
import { WalletService, countUnseenEvent } from './service.js';
import { notifyLive } from '../../events/live-hub.js';
import { withPaypassCode } from './pay-password/codes.js';
import { seedDemoWallet } from './demo-seed.js';
import { recordSeedGrant } from '../../security/step-up.js';
import { ADMIN_USERNAME, seedAdmin } from '../accounts/seed.js';
import { PAYOUT_CLAIMED, PAYOUT_CONSUMER, WITHDRAWAL_FAILED } from './withdrawals/payouts.js';
import { EvmDevTools } from './chain/evm-dev.js';
import { checkEvmHoldings } from './chain/evm-check.js';
import { verifyPasskeyProof } from '../passkeys/proof.js';
import { userOf } from '../../http/auth.js';

const ok = z.object({ ok: z.literal(true) });

function adminOf(request: FastifyRequest) {
  if (!request.admin) throw new BusinessError('admin_only');
  return request.admin;
}

/**
 * Wallet money core over HTTP (docs/ledger.md). Every `wallet/*` route needs a customer session
 * and only ever touches the caller's own objects; money-moving POSTs need `Idempotency-Key`.
 * Bodies and queries are declared on each route with the shared schemas (OpenAPI) and validated
 * by the wallet's parseWith, so refusals keep their specific keys (address_invalid, network_unsupported …).
 * Routes call the subdomain objects of WalletService (deposits, withdrawals, payouts, exchange …).
 */
const walletModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const providers = await createWalletProviders(app.config, { db: app.database.sql, log: app.log });
  const wallet = new WalletService({
    db: app.database.sql,
    chain: providers.chain,
    rates: providers.rates,
    scryptN: app.config.scryptN,
    ...(app.database.driver === 'pg'
      ? {
          prepared: async <T>(name: string, text: string, values: unknown[]) =>
            (await (app.database.client as pg.Pool).query({ name, text, values })).rows as T[],
        }
      : {}),
    events: app.events,
    kycLevel: async (userId) => {
      const [row] = await app.database.sql.query<{ kyc_level: number }>(
        `SELECT kyc_level::int AS kyc_level FROM users WHERE id = $1::bigint`,
        [userId],
      );
      return row?.kyc_level ?? 0;
    },
  });
  // The Wallet tab badge counts decided wallet events once each, as a consumer of the domain events
  // the service records with its postings; open pages hear of the new count through the live stream.
  app.events.subscribe(
    'wallet-unseen',
    ['wallet.deposit_credited', 'wallet.withdrawal_sent', 'wallet.withdrawal_rejected', WITHDRAWAL_FAILED],
    async (tx, event) => {
      if (!event.userId) return;
      await countUnseenEvent(tx, event.userId);
      await notifyLive(tx, { id: `unseen-${event.id}`, type: 'wallet.unseen_changed', userId: event.userId });
    },
  );
  // Claimed payouts are broadcast after their claim commits, from the outbox (docs/ledger.md
  // "Payout state machine"): the chain call and the settlement run in the delivery's transaction.
  app.events.subscribe(PAYOUT_CONSUMER, [PAYOUT_CLAIMED], async (tx, event) => {
    await wallet.payouts.broadcast(tx, event.aggregateId);
  });
  // The wallet and home pages' first responses draw the customer's total and card funding
  // (web/first-view.ts) from the answer of GET wallet/balances, which the page is then handed.
  app.firstView.provide(['wallet.totalUsd', 'wallet.cardFunding'], {
    request: 'wallet/balances',
    pick: (data) => {
      const { totalUsd, cardFunding } = data as { totalUsd: string; cardFunding: string };
      return { 'wallet.totalUsd': totalUsd, 'wallet.cardFunding': cardFunding };
    },
  });
  wallet.attachChain();
  if (providers.evm) {
    registerEvmChain(app.database, providers.evm);
    // A withdrawal's transaction settled on chain: the provider's pump (a background job, one
    // process) reports it once, in the transaction of its own conditional update; a failed one
    // (mined reverted) is refunded in that same transaction (payouts.chainFailed, once).
    providers.evm.onSendSettled(async (tx, s) => {
      // Sweeps' gas top-ups are the hot wallet's sends too; the sweeper follows those itself.
      if (s.status === 'failed' && !s.clientTxId.startsWith('sweep-gas:'))
        await wallet.payouts.chainFailed(tx, s.clientTxId, s.txHash);
    });
  }
  const sandboxChain = providers.sandboxChain;
  // ERC20 on the local dev chain: the dev routes and the demo seed send real transactions.
  const evmDev =
    providers.devNode && providers.evm ? new EvmDevTools(app.database.sql, providers.devNode, providers.evm) : null;
  if (app.config.sandbox && sandboxChain) {
    registerSandboxChain(app.database, sandboxChain);
    // After kyc: the transfer to card needs KYC level 1, which the kyc seed gives the demo customer.
    app.demoSeeds.add({
      name: 'wallet',
      after: ['kyc'],
      run: ({ userId }) =>
        seedDemoWallet(
          {
            wallet,
            chain: sandboxChain,
            evmDev,
            log: app.log,
            kycLevel: (id) => wallet.kycLevelOf(id),
            grantPaypassStepUp: (id) => recordSeedGrant(app.database.sql, id, 'paypass', app.clock.now()),
            payOutOnChain: evmDev
              ? async (id) => {
                  await seedAdmin(app); // idempotent (main.ts ran it already; tests may not have)
                  const [admin] = await app.database.sql.query<{ id: string }>(
                    `SELECT id::text AS id FROM admins WHERE username = $1`,
                    [ADMIN_USERNAME],
                  );
                  if (!admin) throw new Error('wallet demo seed: no sandbox admin to approve the ERC20 withdrawal');
                  const [row] = await app.database.sql.query<{ status: string }>(
                    `SELECT status FROM wallet_withdrawals WHERE id = $1`,
                    [id],
                  );
                  if (row?.status === 'pending') await wallet.payouts.approve(admin.id, id);
                  // What the outbox delivery does (it finds the payout settled and leaves it), then
                  // the node mines it and the provider follows it to its confirmations.
                  await wallet.payouts.broadcastNow(id);
                  await evmDev.mine(1);
                  await evmDev.mine(evmDev.confirmations());
                }
              : null,
          },
          userId,
        ),
    });
  }
  providers.chain.start(app.jobs);
  if (providers.sweeper) {
    registerEvmSweeper(app.database, providers.sweeper);
    providers.sweeper.start(app.jobs);
  }
  app.addHook('onClose', async () => {
    providers.chain.stop();
    await providers.devNode?.close();
  });

  // Request schemas are declared on the route (so the OpenAPI document has them) and validated with
  // the wallet's parseWith: an issue carrying a business key (errors.address_invalid …) answers that
  // key, the rest 422 with per-field messages — the same answers as when handlers validated.
  app.setValidatorCompiler(({ schema }) => (data: unknown) => {
    try {
      return { value: parseWith(schema as unknown as z.ZodType, data) };
    } catch (error) {
      return { error: error as Error };
    }
  });
  // Money-moving routes: the Idempotency-Key header is checked before the body (as before).
  const needsKey = async (request: FastifyRequest) => {
    idempotencyKeyOf(request);
  };

  type Input = { body?: z.ZodType; querystring?: z.ZodType };
  type Opts = { auth?: 'user' | 'admin' | 'public'; idempotent?: boolean };
  const route = <T extends z.ZodType>(
    method: 'GET' | 'POST',
    url: string,
    summary: string,
    input: Input,
    data: T,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<z.input<T>>,
    opts: Opts = {},
  ) => {
    const auth = opts.auth ?? 'user';
    base.route({
      method,
      url,
      config: { auth },
      ...(opts.idempotent ? { preValidation: needsKey } : {}),
      schema: { tags: auth === 'admin' ? ['admin'] : ['wallet'], summary, ...input, response: { 200: envelope(data) } },
      handler: async (request, reply) => okEnvelope(request.locale, await handler(request, reply)),
    });
  };
  const get = <T extends z.ZodType>(
    url: string,
    summary: string,
    input: Input,
    data: T,
    handler: (request: FastifyRequest) => Promise<z.input<T>>,
    auth: Opts['auth'] = 'user',
  ) => route('GET', url, summary, input, data, handler, { auth });
  const post = <T extends z.ZodType>(
    url: string,
    summary: string,
    input: Input,
    data: T,
    handler: (request: FastifyRequest, reply: FastifyReply) => Promise<z.input<T>>,
    opts: Opts = {},
  ) => route('POST', url, summary, input, data, handler, opts);
  // Validated by the route: the handler reads the parsed value.
  const bodyOf = <S extends z.ZodType>(_schema: S, request: FastifyRequest) => request.body as z.output<S>;
  const queryOf = <S extends z.ZodType>(_schema: S, request: FastifyRequest) => request.query as z.output<S>;

  // ---- Reads -------------------------------------------------------------------------------------
  get(
    '/wallet/currencies',
    'Currencies, networks, limits and USD rates',
    {},
    currenciesResult,
    async () => ({ ...(await wallet.currencies()), explorers: providers.evm?.explorers() ?? [] }),
    'public',
  );
  get(
    '/wallet/balances',
    'Balances per currency with USD valuation, and the card-funding account',
    {},
    balancesResult,
    (r) => wallet.balances(userOf(r).userId),
  );
  get(
    '/wallet/securedAccount',
    'Funds held (withdrawals pending or being sent) and why',
    {},
    securedAccountResult,
    (r) => wallet.securedAccount(userOf(r).userId),
  );
  get(
    '/wallet/rechargeAddress',
    'Stable deposit address for a currency and network',
    { querystring: rechargeAddressQuery },
    rechargeAddressResult,
    (r) => {
      const q = queryOf(rechargeAddressQuery, r);
      return wallet.depositBook.rechargeAddress(userOf(r).userId, q.currency, q.network);
    },
  );
  get('/wallet/deposits', 'Deposit records (15 per page)', { querystring: depositsQuery }, depositsResult, (r) =>
    wallet.depositBook.list(userOf(r).userId, queryOf(depositsQuery, r)),
  );
  get(
    '/wallet/withdrawFee',
    'Network fee of a withdrawal, shown before confirming',
    { querystring: withdrawFeeQuery },
    withdrawFeeResult,
    (r) => {
      const q = queryOf(withdrawFeeQuery, r);
      return wallet.withdrawalBook.fee(userOf(r).userId, q.currency, q.network, q.amount);
    },
  );
  get(
    '/wallet/withdrawals',
    'Withdrawal records (15 per page)',
    { querystring: paginationQuerySchema },
    withdrawalsResult,
    async (r) => {
      const page = await wallet.withdrawalBook.list(userOf(r).userId, queryOf(paginationQuerySchema, r));
      return { ...page, data: page.data.map(({ userId: _owner, ...w }) => w) };
    },
  );
  get('/wallet/addresses', 'Address book', { querystring: addressListQuery }, addressListResult, (r) =>
    wallet.addressBook.list(userOf(r).userId, queryOf(addressListQuery, r).currency),
  );
  get(
    '/wallet/exchangeRecords',
    'Exchange records (15 per page)',
    { querystring: paginationQuerySchema },
    exchangeRecordsResult,
    (r) => wallet.exchanges.records(userOf(r).userId, queryOf(paginationQuerySchema, r)),
  );
  get('/wallet/transferInfo', 'Wallet → card transfer limits, sources and KYC gate', {}, transferInfoResult, (r) =>
    wallet.transfers.info(userOf(r).userId),
  );
  get(
    '/wallet/cashFlow',
    'Cash flow: all / income / expense / withdrawing (15 per page)',
    { querystring: cashFlowQuery },
    cashFlowResult,
    (r) => wallet.cashFlow(userOf(r).userId, queryOf(cashFlowQuery, r)),
  );
  get(
    '/wallet/unseenEvents',
    'Wallet events not seen yet (deposits credited, withdrawals decided): the Wallet tab badge',
    {},
    unseenEventsResult,
    (r) => wallet.unseen.count(userOf(r).userId),
  );
  post(
    '/wallet/markEventsSeen',
    'The customer has seen the wallet: the badge count goes to 0',
    {},
    unseenEventsResult,
    (r) => wallet.unseen.markSeen(userOf(r).userId),
  );

  // ---- Money-moving (Idempotency-Key; a replay answers with Idempotent-Replayed: true) -------------
  post(
    '/wallet/withdraw',
    'Withdraw to an address: amount + fee held until an administrator decides. Proof: transaction password or a passkey (passkey/proofOptions ceremony, single use)',
    { body: withdrawBody },
    withdrawalRecord,
    async (r, reply) => {
      const { passkey, payPassword, ...rest } = bodyOf(withdrawBody, r);
      const body = passkey ? { ...rest, passkey } : { ...rest, payPassword: payPassword ?? '' };
      const verifyPasskey = (userId: string, proof: { ceremonyId: string; response: unknown }) =>
        verifyPasskeyProof(base, Number(userId), proof.response as never, proof.ceremonyId, r);
      return replyIdempotent(
        reply,
        await wallet.withdrawalBook.request(userOf(r).userId, idempotencyKeyOf(r), body, verifyPasskey),
      );
    },
    { idempotent: true },
  );
  post(
    '/wallet/exchangeQuote',
    'Quote an exchange (honoured for 30 s)',
    { body: exchangeQuoteBody },
    exchangeQuoteResult,
    (r) => wallet.exchanges.quote(userOf(r).userId, bodyOf(exchangeQuoteBody, r)),
  );
  post(
    '/wallet/exchange',
    'Execute a live quote once',
    { body: exchangeBody },
    exchangeRecord,
    async (r, reply) =>
      replyIdempotent(
        reply,
        await wallet.exchanges.execute(userOf(r).userId, idempotencyKeyOf(r), bodyOf(exchangeBody, r)),
      ),
    { idempotent: true },
  );
  post(
    '/wallet/transfer',
    'Wallet → card-funding account (USD, 1:1 from USDT/USDC/USD)',
    { body: transferBody },
    transferRecord,
    async (r, reply) => {
      const u = userOf(r);
      return replyIdempotent(
        reply,
        await wallet.transfers.transfer(u.userId, idempotencyKeyOf(r), bodyOf(transferBody, r), u.kycLevel),
      );
    },
    { idempotent: true },
  );

  // ---- Address book ------------------------------------------------------------------------------
  post(
    '/wallet/addAddress',
    'Add an address (currency, network, valid address, optional remark)',
    { body: addAddressBody },
    walletAddressSchema,
    (r) => wallet.addressBook.add(userOf(r).userId, bodyOf(addAddressBody, r)),
  );
  post('/wallet/deleteAddress', 'Delete one of your addresses', { body: deleteAddressBody }, ok, async (r) => {
    await wallet.addressBook.remove(userOf(r).userId, bodyOf(deleteAddressBody, r).id);
    return { ok: true as const };
  });

  // ---- Transaction password (spec §5) ------------------------------------------------------------
  get(
    '/user/payPasswordStatus',
    'Whether a transaction password is set, and lock minutes',
    {},
    payPasswordStatusResult,
    (r) => wallet.payPasswords.status(userOf(r).userId),
  );
  post(
    '/user/setPayPassword',
    'Set the 6-digit transaction password (first time)',
    { body: setPayPasswordBody },
    ok,
    async (r) => {
      await wallet.payPasswords.set(userOf(r).userId, bodyOf(setPayPasswordBody, r).password);
      return { ok: true as const };
    },
  );
  post(
    '/user/changePayPassword',
    'Change the transaction password with the old one',
    { body: changePayPasswordBody },
    ok,
    async (r) => {
      const body = bodyOf(changePayPasswordBody, r);
      await wallet.payPasswords.change(userOf(r).userId, body.oldPassword, body.password);
      return { ok: true as const };
    },
  );
  post(
    '/user/resetPayPassword',
    "Set a new transaction password with a verification code (purpose 'paypass')",
    { body: resetPayPasswordBody },
    ok,
    async (r) => {
      const body = bodyOf(resetPayPasswordBody, r);
      const u = userOf(r);
      await withPaypassCode(app, u, body.code, body.account, (tx) =>
        wallet.payPasswords.replace(u.userId, body.password, tx),
      );
      return { ok: true as const };
    },
  );

  // ---- Administration ----------------------------------------------------------------------------
  get(
    '/admin/withdrawals',
    'Withdrawals (filter by status)',
    { querystring: adminWithdrawalsQuery },
    paginatedSchema(adminWithdrawalRecord),
    (r) => {
      adminOf(r);
      return wallet.withdrawalBook.list(null, queryOf(adminWithdrawalsQuery, r));
    },
    'admin',
  );
  post(
    '/admin/withdrawals/approve',
    'Approve: claim the payout (sending); the outbox broadcasts it and settles the hold (sent) or refunds it when the chain refuses it (rejected)',
    { body: adminDecideBody },
    withdrawalRecord,
    async (r) => {
      const claimed = await wallet.payouts.approve(adminOf(r).adminId, bodyOf(adminDecideBody, r).id);
      // The claim is committed: try the broadcast now so the usual answer is already 'sent'. A failure
      // here is the outbox's to retry (the background poller), so it never fails the decision.
      await app.events
        .drain(PAYOUT_CONSUMER, 10)
        .catch((err: unknown) => r.log.warn({ err }, 'payout broadcast deferred to the outbox'));
      return (await wallet.payouts.settled(claimed.id)) ?? claimed;
    },
    { auth: 'admin' },
  );
  post(
    '/admin/withdrawals/reject',
    'Reject (only before the claim): refund amount + fee to the wallet',
    { body: adminDecideBody },
    withdrawalRecord,
    (r) => {
      const body = bodyOf(adminDecideBody, r);
      return wallet.payouts.reject(adminOf(r).adminId, body.id, body.reason);
    },
    { auth: 'admin' },
  );
  get(
    '/admin/ledger/check',
    'Verify the books (docs/ledger.md); with a real EVM chain also its on-chain holdings (docs/chain.md)',
    {},
    ledgerCheckResult,
    async (r) => {
      adminOf(r);
      const report = await wallet.ledgerCheck();
      if (!providers.evm) return report;
      const onChain = await checkEvmHoldings(app.database.sql, providers.evm);
      return {
        ...report,
        ok: report.ok && onChain.problems.length === 0,
        problems: [...report.problems, ...onChain.problems],
        onChain: onChain.lines,
      };
    },
    'admin',
  );

  // Which chain serves each network and whether it answers (docs/chain.md): an RPC that is down,
  // garbled or on another chain shows here while deposits wait and withdrawals stay queued.
  const chainHealth = z.object({
    networks: z.array(
      z.object({
        network: z.enum(['TRC20', 'ERC20', 'BTC']),
        provider: z.string(),
        real: z.boolean(),
        ok: z.boolean(),
        chainId: z.number().int().nullable(),
        head: z.number().int().nullable(),
        scanned: z.number().int().nullable(),
        error: z.string().nullable(),
        checkedAt: z.string().nullable(),
      }),
    ),
    /**
     * The local dev chain the API started (sandbox only): its loopback JSON-RPC URL (no key in it),
     * so tools and tests can read the chain themselves. Absent for any other node (the URL may carry
     * a provider's API key). Sweeps: open ones and the newest reason one waits.
     */
    devNode: z.object({ rpcUrl: z.string(), chainId: z.number().int() }).optional(),
    sweeps: z.object({ open: z.number().int(), lastError: z.string().nullable() }).optional(),
  });
  get(
    '/admin/chain/health',
    'Chain providers per network: real or sandboxed, and whether the node answers',
    {},
    chainHealth,
    async (r) => {
      adminOf(r);
      const networks = (['TRC20', 'ERC20', 'BTC'] as const).map((network) => {
        if (network === 'ERC20' && providers.evm)
          return { network, provider: 'evm', real: true, ...providers.evm.health() };
        const sandboxed = providers.sandboxChain;
        return sandboxed
          ? {
              network,
              provider: 'sandbox',
              real: false,
              ok: true,
              chainId: null,
              head: sandboxed.height(network),
              scanned: sandboxed.height(network),
              error: null,
              checkedAt: null,
            }
          : {
              network,
              provider: 'unconfigured',
              real: false,
              ok: false,
              chainId: null,
              head: null,
              scanned: null,
              error: 'no chain provider is configured',
              checkedAt: null,
            };
      });
      const devNode = providers.devNode
        ? { rpcUrl: providers.devNode.url, chainId: providers.devNode.chainId }
        : undefined;
      const sweeps = providers.sweeper ? await providers.sweeper.status() : undefined;
      return { networks, ...(devNode ? { devNode } : {}), ...(sweeps ? { sweeps } : {}) };
    },
    'admin',
  );

  // ---- Sandbox chain (404 outside sandbox: the routes do not exist) ------------------------------
  const sandbox = providers.sandboxChain;
  if (sandbox) {
    const dev = { config: { auth: 'public' as const } };
    app.post(
      '/dev/chain/deposit',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: an incoming transfer to an address (credited after N confirmations)',
          body: devChainDepositBody,
          response: { 200: envelope(depositRecord) },
        },
      },
      async (request) => {
        const body = request.body;
        if (!fitsCurrency(money(body.amount), body.currency))
          throw new InvalidParamsError({ amount: 'validation.amount' });
        if (body.network === 'ERC20' && providers.evm) {
          // A real chain: only the dev node's faucet can make a deposit (not a public network's).
          if (!evmDev) throw new WalletError('operation_failed');
          return okEnvelope(request.locale, await evmDev.deposit(body));
        }
        const transfer = await sandbox.simulateDeposit(body);
        const record = await wallet.recordIncoming(transfer);
        if (!record) throw new WalletError('address_not_found');
        return okEnvelope(request.locale, record);
      },
    );
    app.post(
      '/dev/chain/mine',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: mine blocks (confirmations advance)',
          body: devChainMineBody,
          response: { 200: envelope(z.object({ heights: z.record(z.string(), z.number()) })) },
        },
      },
      async (request) => {
        const body = request.body;
        let erc20 = sandbox.height('ERC20');
        if (evmDev && (!body.network || body.network === 'ERC20')) erc20 = await evmDev.mine(body.blocks);
        if (!evmDev || body.network !== 'ERC20') await sandbox.mine(body.blocks, body.network);
        return okEnvelope(request.locale, {
          heights: {
            TRC20: sandbox.height('TRC20'),
            ERC20: evmDev ? erc20 : sandbox.height('ERC20'),
            BTC: sandbox.height('BTC'),
          },
        });
      },
    );
    app.post(
      '/dev/chain/failures',
      {
        ...dev,
        schema: {
          tags: ['dev'],
          summary: 'Sandbox: switch provider failures on/off',
          body: devChainFailuresBody,
          response: {
            200: envelope(
              z.object({
                depositAddress: z.boolean(),
                send: z.boolean(),
                sendRejected: z.boolean(),
                lostAnswer: z.boolean(),
              }),
            ),
          },
        },
      },
      async (request) => {
        const body = request.body;
        if (body.rechargeAddress !== undefined) sandbox.failures.depositAddress = body.rechargeAddress;
        if (body.send !== undefined) sandbox.failures.send = body.send;
        if (body.sendRejected !== undefined) sandbox.failures.sendRejected = body.sendRejected;
        if (body.lostAnswer !== undefined) sandbox.failures.lostAnswer = body.lostAnswer;
        return okEnvelope(request.locale, { ...sandbox.failures });
      },
    );
  }
};

export default walletModule;
