import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type pg from 'pg';
import { z } from 'zod';
import { addAddressBody, addressListQuery, addressListResult, adminDecideBody, adminWithdrawalRecord, adminWithdrawalsQuery, balancesResult, cashFlowQuery, cashFlowResult, changePayPasswordBody, currenciesResult, deleteAddressBody, depositRecord, depositsQuery, depositsResult, devChainDepositBody, devChainFailuresBody, devChainMineBody, exchangeBody, exchangeQuoteBody, exchangeQuoteResult, exchangeRecord, exchangeRecordsResult, ledgerCheckResult, paginatedSchema, paginationQuerySchema, payPasswordStatusResult, rechargeAddressQuery, rechargeAddressResult, resetPayPasswordBody, securedAccountResult, setPayPasswordBody, transferBody, transferInfoResult, transferRecord, unseenEventsResult, walletAddressSchema, withdrawBody, withdrawFeeQuery, withdrawFeeResult, withdrawalRecord, withdrawalsResult } from '@cardwallet/shared/schemas';
import { envelope, okEnvelope } from '../../http/envelope.js';
import { BusinessError, InvalidParamsError } from '../../http/errors.js';
import { fitsCurrency, money } from '../../ledger/money.js';
import { idempotencyKeyOf } from '../../http/idempotency.js';
import { WalletError } from './errors.js';
import { parseWith } from './parse.js';
import { createWalletProviders } from './providers.js';
import { WalletService, countUnseenEvent } from './service.js';
import { notifyLive } from '../../events/live-hub.js';
import { withPaypassCode } from './codes.js';
import { seedDemoWallet } from './demo-seed.js';

const ok = z.object({ ok: z.literal(true) });

function userOf(request: FastifyRequest) {
  if (!request.user) throw new BusinessError('unauthenticated');
  return request.user;
}
function adminOf(request: FastifyRequest) {
  if (!request.admin) throw new BusinessError('admin_only');
  return request.admin;
}

/**
 * Wallet money core over HTTP (docs/ledger.md). Every `wallet/*` route needs a customer session
 * and only ever touches the caller's own objects; money-moving POSTs need `Idempotency-Key`.
 * Bodies and queries are validated in the handler with the shared schemas (parseWith) so wallet
 * refusals keep their specific keys (address_invalid, network_unsupported …).
 */
const walletModule: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const providers = createWalletProviders(app.config);
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
      const [row] = await app.database.sql.query<{ kyc_level: number }>(`SELECT kyc_level::int AS kyc_level FROM users WHERE id = $1::bigint`, [userId]);
      return row?.kyc_level ?? 0;
    },
  });
  // The Wallet tab badge counts decided wallet events once each, as a consumer of the domain events
  // the service records with its postings; open pages hear of the new count through the live stream.
  app.events.subscribe('wallet-unseen', ['wallet.deposit_credited', 'wallet.withdrawal_sent', 'wallet.withdrawal_rejected'], async (tx, event) => {
    if (!event.userId) return;
    await countUnseenEvent(tx, event.userId);
    await notifyLive(tx, { id: `unseen-${event.id}`, type: 'wallet.unseen_changed', userId: event.userId });
  });
  wallet.attachChain();
  const sandboxChain = providers.sandboxChain;
  if (app.config.sandbox && sandboxChain) {
    // After kyc: the transfer to card needs KYC level 1, which the kyc seed gives the demo customer.
    app.demoSeeds.add({
      name: 'wallet',
      after: ['kyc'],
      run: ({ userId }) =>
        seedDemoWallet({ wallet, chain: sandboxChain, log: app.log, kycLevel: (id) => wallet.kycLevelOf(id) }, userId),
    });
  }
  providers.chain.start(app.jobs);
  app.addHook('onClose', async () => providers.chain.stop());

  const tags = ['wallet'];
  const get = <T extends z.ZodType>(url: string, summary: string, data: T, handler: (request: FastifyRequest) => Promise<z.input<T>>, auth: 'user' | 'public' = 'user') =>
    base.get(url, { config: { auth }, schema: { tags, summary, response: { 200: envelope(data) } } }, async (request) =>
      okEnvelope(request.locale, await handler(request)),
    );
  const postRoute = <T extends z.ZodType>(
    url: string,
    summary: string,
    data: T,
    handler: (request: FastifyRequest) => Promise<z.input<T>>,
    auth: 'user' | 'admin' = 'user',
  ) =>
    base.post(url, { config: { auth }, schema: { tags: auth === 'admin' ? ['admin'] : tags, summary, response: { 200: envelope(data) } } }, async (request) =>
      okEnvelope(request.locale, await handler(request)),
    );

  // ---- Reads -------------------------------------------------------------------------------------
  get('/wallet/currencies', 'Currencies, networks, limits and USD rates', currenciesResult, () => wallet.currencies(), 'public');
  get('/wallet/balances', 'Balances per currency with USD valuation, and the card-funding account', balancesResult, (r) =>
    wallet.balances(userOf(r).userId),
  );
  get('/wallet/securedAccount', 'Funds held (pending withdrawals) and why', securedAccountResult, (r) => wallet.securedAccount(userOf(r).userId));
  get('/wallet/rechargeAddress', 'Stable deposit address for a currency and network', rechargeAddressResult, (r) => {
    const q = parseWith(rechargeAddressQuery, r.query);
    return wallet.rechargeAddress(userOf(r).userId, q.currency, q.network);
  });
  get('/wallet/deposits', 'Deposit records (15 per page)', depositsResult, (r) => wallet.deposits(userOf(r).userId, parseWith(depositsQuery, r.query)));
  get('/wallet/withdrawFee', 'Network fee of a withdrawal, shown before confirming', withdrawFeeResult, (r) => {
    const q = parseWith(withdrawFeeQuery, r.query);
    return wallet.withdrawFee(userOf(r).userId, q.currency, q.network, q.amount);
  });
  get('/wallet/withdrawals', 'Withdrawal records (15 per page)', withdrawalsResult, async (r) => {
    const page = await wallet.withdrawals(userOf(r).userId, parseWith(paginationQuerySchema, r.query));
    return { ...page, data: page.data.map(({ userId: _owner, ...w }) => w) };
  });
  get('/wallet/addresses', 'Address book', addressListResult, (r) => wallet.addresses(userOf(r).userId, parseWith(addressListQuery, r.query).currency));
  get('/wallet/exchangeRecords', 'Exchange records (15 per page)', exchangeRecordsResult, (r) =>
    wallet.exchangeRecords(userOf(r).userId, parseWith(paginationQuerySchema, r.query)),
  );
  get('/wallet/transferInfo', 'Wallet → card transfer limits, sources and KYC gate', transferInfoResult, (r) => wallet.transferInfo(userOf(r).userId));
  get('/wallet/cashFlow', 'Cash flow: all / income / expense / withdrawing (15 per page)', cashFlowResult, (r) =>
    wallet.cashFlow(userOf(r).userId, parseWith(cashFlowQuery, r.query)),
  );

  get('/wallet/unseenEvents', 'Wallet events not seen yet (deposits credited, withdrawals decided): the Wallet tab badge', unseenEventsResult, (r) =>
    wallet.unseenEvents(userOf(r).userId),
  );
  postRoute('/wallet/markEventsSeen', 'The customer has seen the wallet: the badge count goes to 0', unseenEventsResult, (r) =>
    wallet.markEventsSeen(userOf(r).userId),
  );

  // ---- Money-moving (Idempotency-Key) ------------------------------------------------------------
  postRoute('/wallet/withdraw', 'Withdraw to an address: amount + fee held until an administrator decides', withdrawalRecord, (r) => {
    const key = idempotencyKeyOf(r);
    return wallet.withdraw(userOf(r).userId, key, parseWith(withdrawBody, r.body));
  });
  postRoute('/wallet/exchangeQuote', 'Quote an exchange (honoured for 30 s)', exchangeQuoteResult, (r) =>
    wallet.exchangeQuote(userOf(r).userId, parseWith(exchangeQuoteBody, r.body)),
  );
  postRoute('/wallet/exchange', 'Execute a live quote once', exchangeRecord, (r) => {
    const key = idempotencyKeyOf(r);
    return wallet.exchange(userOf(r).userId, key, parseWith(exchangeBody, r.body));
  });
  postRoute('/wallet/transfer', 'Wallet → card-funding account (USD, 1:1 from USDT/USDC/USD)', transferRecord, (r) => {
    const key = idempotencyKeyOf(r);
    const u = userOf(r);
    return wallet.transfer(u.userId, key, parseWith(transferBody, r.body), u.kycLevel);
  });

  // ---- Address book ------------------------------------------------------------------------------
  postRoute('/wallet/addAddress', 'Add an address (currency, network, valid address, optional remark)', walletAddressSchema, (r) =>
    wallet.addAddress(userOf(r).userId, parseWith(addAddressBody, r.body)),
  );
  postRoute('/wallet/deleteAddress', 'Delete one of your addresses', ok, async (r) => {
    await wallet.deleteAddress(userOf(r).userId, parseWith(deleteAddressBody, r.body).id);
    return { ok: true as const };
  });

  // ---- Transaction password (spec §5) ------------------------------------------------------------
  get('/user/payPasswordStatus', 'Whether a transaction password is set, and lock minutes', payPasswordStatusResult, (r) =>
    wallet.payPasswords.status(userOf(r).userId),
  );
  postRoute('/user/setPayPassword', 'Set the 6-digit transaction password (first time)', ok, async (r) => {
    const body = parseWith(setPayPasswordBody, r.body);
    await wallet.payPasswords.set(userOf(r).userId, body.password);
    return { ok: true as const };
  });
  postRoute('/user/changePayPassword', 'Change the transaction password with the old one', ok, async (r) => {
    const body = parseWith(changePayPasswordBody, r.body);
    await wallet.payPasswords.change(userOf(r).userId, body.oldPassword, body.password);
    return { ok: true as const };
  });
  postRoute('/user/resetPayPassword', "Set a new transaction password with a verification code (purpose 'paypass')", ok, async (r) => {
    const body = parseWith(resetPayPasswordBody, r.body);
    const u = userOf(r);
    await withPaypassCode(app, u, body.code, body.account, (tx) => wallet.payPasswords.replace(u.userId, body.password, tx));
    return { ok: true as const };
  });

  // ---- Administration ----------------------------------------------------------------------------
  app.get(
    '/admin/withdrawals',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], summary: 'Withdrawals (filter by status)', response: { 200: envelope(paginatedSchema(adminWithdrawalRecord)) } } },
    async (request) => {
      adminOf(request);
      const q = parseWith(adminWithdrawalsQuery, request.query);
      return okEnvelope(request.locale, await wallet.withdrawals(null, q));
    },
  );
  postRoute('/admin/withdrawals/approve', 'Approve: broadcast on chain, settle the hold', withdrawalRecord, (r) =>
    wallet.approveWithdrawal(adminOf(r).adminId, parseWith(adminDecideBody, r.body).id),
  'admin');
  postRoute('/admin/withdrawals/reject', 'Reject: refund amount + fee to the wallet', withdrawalRecord, (r) => {
    const body = parseWith(adminDecideBody, r.body);
    return wallet.rejectWithdrawal(adminOf(r).adminId, body.id, body.reason);
  }, 'admin');
  app.get(
    '/admin/ledger/check',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], summary: 'Verify the books (docs/ledger.md)', response: { 200: envelope(ledgerCheckResult) } } },
    async (request) => {
      adminOf(request);
      return okEnvelope(request.locale, await wallet.ledgerCheck());
    },
  );

  // ---- Sandbox chain (404 outside sandbox: the routes do not exist) ------------------------------
  const sandbox = providers.sandboxChain;
  if (sandbox) {
    const dev = { config: { auth: 'public' as const } };
    app.post('/dev/chain/deposit', { ...dev, schema: { tags: ['dev'], summary: 'Sandbox: an incoming transfer to an address (credited after N confirmations)', response: { 200: envelope(depositRecord) } } }, async (request) => {
      const body = parseWith(devChainDepositBody, request.body);
      if (!fitsCurrency(money(body.amount), body.currency)) throw new InvalidParamsError({ amount: 'validation.amount' });
      const transfer = await sandbox.simulateDeposit(body);
      const record = await wallet.recordIncoming(transfer);
      if (!record) throw new WalletError('address_not_found');
      return okEnvelope(request.locale, record);
    });
    app.post(
      '/dev/chain/mine',
      { ...dev, schema: { tags: ['dev'], summary: 'Sandbox: mine blocks (confirmations advance)', response: { 200: envelope(z.object({ heights: z.record(z.string(), z.number()) })) } } },
      async (request) => {
        const body = parseWith(devChainMineBody, request.body);
        await sandbox.mine(body.blocks, body.network);
        return okEnvelope(request.locale, { heights: { TRC20: sandbox.height('TRC20'), ERC20: sandbox.height('ERC20'), BTC: sandbox.height('BTC') } });
      },
    );
    app.post(
      '/dev/chain/failures',
      { ...dev, schema: { tags: ['dev'], summary: 'Sandbox: switch provider failures on/off', response: { 200: envelope(z.object({ depositAddress: z.boolean(), send: z.boolean() })) } } },
      async (request) => {
        const body = parseWith(devChainFailuresBody, request.body);
        if (body.rechargeAddress !== undefined) sandbox.failures.depositAddress = body.rechargeAddress;
        if (body.send !== undefined) sandbox.failures.send = body.send;
        return okEnvelope(request.locale, { ...sandbox.failures });
      },
    );
  }
};

export default walletModule;
