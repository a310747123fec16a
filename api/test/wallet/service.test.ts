import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidEvmAddress, isValidTronAddress } from '../../src/providers/chain/addresses';
import { BusinessError } from '../../src/http/errors';
import { openLedgerDb, type TestDb } from './support/ledger-db';
import { walletFixture } from './support/service';

let db: TestDb;
let f: ReturnType<typeof walletFixture>;
beforeAll(async () => {
  db = await openLedgerDb('pglite');
  f = walletFixture(db);
}, 60_000);
afterAll(async () => db?.close());

async function refusal(p: Promise<unknown>): Promise<{ key: string; params: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    // WalletError, or the shared idempotency module's BusinessError (idempotency_key_mismatch).
    if (e instanceof BusinessError) return { key: e.key, params: e.params };
    throw e;
  }
  throw new Error('expected a refusal');
}

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('deposits', () => {
  it('gives a stable valid address per currency and network, and fails cleanly when the provider does', async () => {
    const a = await f.wallet.rechargeAddress('d1', 'USDT', 'TRC20');
    expect(isValidTronAddress(a.address)).toBe(true);
    expect((await f.wallet.rechargeAddress('d1', 'USDT', 'TRC20')).address).toBe(a.address);
    expect(isValidEvmAddress((await f.wallet.rechargeAddress('d1', 'USDT', 'ERC20')).address)).toBe(true);
    f.chain.failures.depositAddress = true;
    try {
      expect((await refusal(f.wallet.rechargeAddress('d1', 'USDC', 'ERC20'))).key).toBe('recharge_address_failed');
      // An address already handed out keeps working while the provider is down.
      expect((await f.wallet.rechargeAddress('d1', 'USDT', 'TRC20')).address).toBe(a.address);
    } finally {
      f.chain.failures.depositAddress = false;
    }
  });

  it('credits after N confirmations, never twice for one tx hash, and records small deposits uncredited', async () => {
    const { address } = await f.wallet.rechargeAddress('d2', 'USDT', 'TRC20');
    const t = await f.chain.simulateDeposit({ address, currency: 'USDT', network: 'TRC20', amount: '25.123456' });
    await f.chain.mine(2, 'TRC20');
    let page = await f.wallet.deposits('d2', { page: 1, per_page: 15 });
    expect(page.data[0]).toMatchObject({ status: 'confirming', confirmations: 2, requiredConfirmations: 3 });
    expect((await f.wallet.balances('d2')).balances.find((b) => b.currency === 'USDT')!.available).toBe('0');
    await f.chain.mine(1, 'TRC20');
    page = await f.wallet.deposits('d2', { page: 1, per_page: 15 });
    expect(page.data[0]).toMatchObject({ status: 'credited', txHash: t.txHash });
    // The same transaction observed again (re-org replay, double webhook) is not credited again.
    await f.chain.simulateDeposit({
      address,
      currency: 'USDT',
      network: 'TRC20',
      amount: '25.123456',
      txHash: t.txHash,
    });
    await f.chain.mine(5, 'TRC20');
    expect((await f.wallet.balances('d2')).balances.find((b) => b.currency === 'USDT')!.available).toBe('25.123456');
    // 0.5 USDT or less: recorded, not credited, reason visible.
    await f.chain.simulateDeposit({ address, currency: 'USDT', network: 'TRC20', amount: '0.5' });
    await f.chain.mine(5, 'TRC20');
    const flow = await f.wallet.cashFlow('d2', { page: 1, per_page: 15, filter: 'all' });
    expect(flow.data[0]).toMatchObject({ type: 'deposit_not_credited', amount: '0.5', remark: 'below_minimum' });
    expect(flow.data[1]).toMatchObject({ type: 'deposit', amount: '25.123456', txHash: t.txHash });
    expect((await f.wallet.balances('d2')).balances.find((b) => b.currency === 'USDT')!.available).toBe('25.123456');
    expect((await f.wallet.ledgerCheck()).problems).toEqual([]);
  });
});

describe('withdrawals and the transaction password', () => {
  it('enforces address, minimum, balance and transaction password; holds amount + fee; admin approves or rejects', async () => {
    const u = 'w1';
    await f.fund(u, '100');
    const body = {
      currency: 'USDT' as const,
      network: 'TRC20' as const,
      address: DEST_TRON,
      amount: '20',
      payPassword: '123456',
    };
    expect((await refusal(f.wallet.withdraw(u, 'k-1', body))).key).toBe('paypass_not_set');
    await f.wallet.payPasswords.set(u, '123456');
    expect((await refusal(f.wallet.payPasswords.set(u, '654321'))).key).toBe('paypass_already_set');
    expect((await refusal(f.wallet.withdraw(u, 'k-1', { ...body, amount: '9.99' }))).key).toBe(
      'withdraw_below_minimum',
    );
    expect(
      (await refusal(f.wallet.withdraw(u, 'k-1', { ...body, address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' })))
        .key,
    ).toBe('address_invalid');
    expect((await refusal(f.wallet.withdraw(u, 'k-1', { ...body, amount: '99.5' }))).key).toBe('insufficient_balance'); // + 1 fee
    const fee = await f.wallet.withdrawFee(u, 'USDT', 'TRC20', '20');
    expect(fee).toMatchObject({ fee: '1', total: '21', minimum: '10', available: '100' });

    const w = await f.wallet.withdraw(u, 'k-1', body);
    expect(w).toMatchObject({ status: 'pending', amount: '20', fee: '1', total: '21' });
    expect(await f.wallet.withdraw(u, 'k-1', body)).toEqual(w); // replay
    expect((await refusal(f.wallet.withdraw(u, 'k-1', { ...body, amount: '30' }))).key).toBe(
      'idempotency_key_mismatch',
    );
    const bal = (await f.wallet.balances(u)).balances.find((b) => b.currency === 'USDT')!;
    expect(bal).toMatchObject({ available: '79', held: '21' });
    const secured = await f.wallet.securedAccount(u);
    expect(secured.holdings).toEqual([
      expect.objectContaining({ withdrawalId: w.id, amount: '21', reason: 'pending_withdrawal' }),
    ]);
    expect((await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'withdrawing' })).data).toEqual([
      expect.objectContaining({ type: 'withdraw', amount: '-21', remark: 'pending' }),
    ]);

    // Approving claims the payout; the broadcast is a separate step (the outbox's, in the app).
    const claimed = await f.wallet.approveWithdrawal('admin-1', w.id);
    expect(claimed).toMatchObject({ id: w.id, status: 'sending', txHash: null });
    expect((await f.wallet.securedAccount(u)).holdings).toEqual([
      expect.objectContaining({ withdrawalId: w.id, reason: 'sending_withdrawal' }),
    ]);
    f.chain.failures.send = true; // a transient chain failure: thrown for a retry, nothing posted, still sending
    try {
      await expect(f.wallet.payouts.broadcastNow(w.id)).rejects.toThrow(/send failure/);
    } finally {
      f.chain.failures.send = false;
    }
    expect((await f.wallet.withdrawals(u, { page: 1, per_page: 15 })).data[0]).toMatchObject({
      id: w.id,
      status: 'sending',
    });
    expect(f.chain.broadcasts).toEqual([]);
    const sent = (await f.wallet.payouts.broadcastNow(w.id))!;
    expect(sent.status).toBe('sent');
    expect(sent.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await f.wallet.payouts.broadcastNow(w.id)).toBeNull(); // settled: a late duplicate delivery does nothing
    expect(f.chain.broadcasts).toHaveLength(1);
    // The statement line carries the withdrawal's network and hash (explorer link in mf-wallet).
    expect((await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'expense' })).data).toEqual([
      expect.objectContaining({ type: 'withdraw', remark: 'sent', network: 'TRC20', txHash: sent.txHash }),
    ]);
    expect((await refusal(f.wallet.approveWithdrawal('admin-1', w.id))).key).toBe('withdrawal_not_pending');
    expect((await refusal(f.wallet.rejectWithdrawal('admin-1', w.id))).key).toBe('withdrawal_not_pending');

    const w2 = await f.wallet.withdraw(u, 'k-2', { ...body, amount: '10' });
    const rejected = await f.wallet.rejectWithdrawal('admin-1', w2.id, 'compliance');
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: 'compliance' });
    expect((await f.wallet.balances(u)).balances.find((b) => b.currency === 'USDT')).toMatchObject({
      available: '79',
      held: '0',
    });
    expect((await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'withdrawing' })).data).toEqual([]);
    const refund = (await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'income' })).data.find(
      (x) => x.type === 'withdraw_refund',
    );
    expect(refund).toMatchObject({ amount: '11', network: 'TRC20', txHash: null }); // rejected before any broadcast
    expect((await f.wallet.ledgerCheck()).problems).toEqual([]);
  });

  it('locks the transaction password after five wrong attempts; change with the old one', async () => {
    const u = 'w2';
    await f.wallet.payPasswords.set(u, '111111');
    const body = {
      currency: 'USDT' as const,
      network: 'TRC20' as const,
      address: DEST_TRON,
      amount: '20',
      payPassword: '000000',
    };
    const lefts = [];
    for (let i = 0; i < 4; i++) lefts.push((await refusal(f.wallet.withdraw(u, `x${i}`, body))).params.left);
    expect(lefts).toEqual([4, 3, 2, 1]);
    expect(await refusal(f.wallet.withdraw(u, 'x5', body))).toEqual({ key: 'paypass_locked', params: { minutes: 15 } });
    expect((await refusal(f.wallet.withdraw(u, 'x6', { ...body, payPassword: '111111' }))).key).toBe('paypass_locked');
    expect((await f.wallet.payPasswords.status(u)).lockedForMinutes).toBe(15);
    await f.wallet.payPasswords.replace(u, '222222'); // reset by verification code clears the lock
    await f.wallet.payPasswords.change(u, '222222', '333333');
    expect((await refusal(f.wallet.payPasswords.change(u, '222222', '444444'))).key).toBe('paypass_wrong');
    const stored = await db.sql.query<{ password_hash: string }>(
      `SELECT password_hash FROM wallet_pay_passwords WHERE user_id = $1`,
      [u],
    );
    expect(stored[0]!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(stored[0]!.password_hash).not.toContain('333333');
  });
});

describe('address book', () => {
  it('needs a currency, a valid address for the network, and checks ownership on delete', async () => {
    expect((await refusal(f.wallet.addAddress('a1', { network: 'TRC20', address: DEST_TRON }))).key).toBe(
      'choose_currency_first',
    );
    expect(
      (await refusal(f.wallet.addAddress('a1', { currency: 'USDT', network: 'ERC20', address: DEST_TRON }))).key,
    ).toBe('address_invalid');
    expect(
      (await refusal(f.wallet.addAddress('a1', { currency: 'BTC', network: 'TRC20', address: DEST_TRON }))).key,
    ).toBe('network_unsupported');
    const a = await f.wallet.addAddress('a1', {
      currency: 'USDT',
      network: 'TRC20',
      address: DEST_TRON,
      remark: 'cold',
    });
    expect(a).toMatchObject({ address: DEST_TRON, remark: 'cold', currency: 'USDT' });
    const evm = await f.wallet.addAddress('a1', {
      currency: 'USDC',
      network: 'ERC20',
      address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed',
    });
    expect(evm.address).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect((await f.wallet.addresses('a1', 'USDT')).addresses).toHaveLength(1);
    expect((await f.wallet.addresses('a1')).addresses).toHaveLength(2);
    expect((await refusal(f.wallet.deleteAddress('intruder', a.id))).key).toBe('address_not_found');
    await f.wallet.deleteAddress('a1', a.id);
    expect((await f.wallet.addresses('a1')).addresses).toHaveLength(1);
  });
});

describe('exchange', () => {
  it('quotes with the spread, honours the quote once within its window, refuses out-of-limit and expired', async () => {
    const u = 'x1';
    await f.fund(u, '1000');
    expect((await refusal(f.wallet.exchangeQuote(u, { from: 'USDT', to: 'BTC', amount: '0.5' }))).key).toBe(
      'exchange_out_of_limits',
    );
    expect((await refusal(f.wallet.exchangeQuote(u, { from: 'USDT', to: 'BTC', amount: '1001' }))).key).toBe(
      'insufficient_balance',
    );
    const q = await f.wallet.exchangeQuote(u, { from: 'USDT', to: 'BTC', amount: '600' });
    expect(q).toMatchObject({ rate: '0.000016583333', receive: '0.00994999', ttlSeconds: 30 }); // 1/60000 × 0.995
    // The spread named: 600 USDT at mid 1/60000 is 0.01 BTC; the customer receives 0.00994999.
    expect(q).toMatchObject({ midRate: '0.000016666666', spreadRate: '0.005', spreadAmount: '0.00005001' });
    const x = await f.wallet.exchange(u, 'e-1', { quoteId: q.quoteId });
    expect(x).toMatchObject({ from: 'USDT', to: 'BTC', amount: '600', receive: '0.00994999' });
    expect(await f.wallet.exchange(u, 'e-1', { quoteId: q.quoteId })).toEqual(x);
    expect((await refusal(f.wallet.exchange(u, 'e-2', { quoteId: q.quoteId }))).key).toBe('quote_expired'); // used
    const b = (await f.wallet.balances(u)).balances;
    expect(b.find((c) => c.currency === 'USDT')!.available).toBe('400');
    expect(b.find((c) => c.currency === 'BTC')!.available).toBe('0.00994999');

    const q2 = await f.wallet.exchangeQuote(u, { from: 'USDT', to: 'USD', amount: '100' });
    await db.sql.query(`UPDATE wallet_exchange_quotes SET expires_at = now() - interval '1 second' WHERE id = $1`, [
      q2.quoteId,
    ]);
    expect((await refusal(f.wallet.exchange(u, 'e-3', { quoteId: q2.quoteId }))).key).toBe('quote_expired');
    expect((await refusal(f.wallet.exchange('intruder', 'e-4', { quoteId: q.quoteId }))).key).toBe('not_found');
    expect((await f.wallet.exchangeRecords(u, { page: 1, per_page: 15 })).total).toBe(1);
    expect((await f.wallet.ledgerCheck()).problems).toEqual([]);
  });
});

describe('wallet → card transfer', () => {
  it('requires KYC 1, 50..10,000 USD, balance; credits the card-funding account once per key', async () => {
    const u = 't1';
    await f.fund(u, '120');
    expect((await refusal(f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '60' }))).key).toBe('kyc1_required');
    f.kyc.set(u, 1);
    expect(await refusal(f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '49.99' }))).toEqual({
      key: 'transfer_below_minimum',
      params: { min: '50' },
    });
    expect((await refusal(f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '10000.01' }))).key).toBe(
      'transfer_above_maximum',
    );
    expect((await refusal(f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '120.01' }))).key).toBe(
      'insufficient_balance',
    );
    const t = await f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '60' });
    expect(t).toMatchObject({ currency: 'USDT', amount: '60', usdAmount: '60.00' });
    expect(await f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '60' })).toEqual(t);
    expect((await refusal(f.wallet.transfer(u, 'tr-1', { currency: 'USDT', amount: '61' }))).key).toBe(
      'idempotency_key_mismatch',
    );
    expect((await refusal(f.wallet.transfer(u, 'tr-2', { currency: 'USDT', amount: '60.01' }))).key).toBe(
      'insufficient_balance',
    );
    const b = await f.wallet.balances(u);
    expect(b.cardFunding).toBe('60.00');
    expect(b.balances.find((c) => c.currency === 'USDT')!.available).toBe('60');
    const flow = await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'expense' });
    expect(flow.data).toEqual([expect.objectContaining({ type: 'transfer_to_card', amount: '-60' })]);
    expect((await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'income' })).data).toHaveLength(1);
  });
});

describe('cash flow pagination', () => {
  it('pages 15 at a time in the spec shape', async () => {
    const u = 'p1';
    const { address } = await f.wallet.rechargeAddress(u, 'USDT', 'TRC20');
    for (let i = 0; i < 17; i++)
      await f.chain.simulateDeposit({ address, currency: 'USDT', network: 'TRC20', amount: `${i + 1}` });
    await f.chain.mine(3, 'TRC20');
    const p1 = await f.wallet.cashFlow(u, { page: 1, per_page: 15, filter: 'all' });
    expect(p1).toMatchObject({ current_page: 1, last_page: 2, per_page: 15, total: 17 });
    expect(p1.data).toHaveLength(15);
    expect((await f.wallet.cashFlow(u, { page: 2, per_page: 15, filter: 'all' })).data).toHaveLength(2);
  });
});
