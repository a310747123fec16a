import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { TestClock } from '../../src/http/clock';
import { sandboxChainOf } from '../../src/modules/wallet/chain/providers';
import { PAYOUT_CONSUMER } from '../../src/modules/wallet/withdrawals/payouts';
import type { SandboxChain } from '../../src/providers/chain/sandbox';
import { createTestApp, testDrivers, type TestApp } from '../support/harness';
import { stepUpGrant } from '../support/step-up';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const PIN = '135790';

/**
 * Payouts exactly once (docs/ledger.md "Payout state machine"): approve claims, the outbox
 * broadcasts with the chain's idempotency on the client tx id, a reject only wins before the
 * claim, a definitive failure refunds once. Whatever happens, a withdrawal is never both refunded
 * and sent, the chain never sends it twice, and the books balance.
 */
describe.each(testDrivers())('payouts exactly once on %s', (driver) => {
  let t: TestApp;
  let admin: { token: string };
  let chain: SandboxChain;
  beforeAll(async () => {
    t = await createTestApp(driver);
    admin = await t.createAdmin();
    chain = sandboxChainOf(t.database)!;
  }, 120_000);
  afterAll(async () => t?.close());

  async function customer(amount: string) {
    const u = await t.createUser({ kycLevel: 1 });
    const addr = await t.get('wallet/rechargeAddress', { currency: 'USDT', network: 'TRC20' }, { token: u.token });
    await t.post('dev/chain/deposit', { address: addr.data.address, currency: 'USDT', network: 'TRC20', amount });
    await t.post('dev/chain/mine', { network: 'TRC20', blocks: 19 });
    await stepUpGrant(t, u.token, 'paypass');
    expect(
      (await t.post('user/setPayPassword', { password: PIN, confirmPassword: PIN }, { token: u.token })).code,
    ).toBe(200);
    return u;
  }
  const withdraw = async (token: string, amount: string) => {
    const w = await t.post(
      'wallet/withdraw',
      { currency: 'USDT', network: 'TRC20', address: DEST_TRON, amount, payPassword: PIN },
      {
        token,
        headers: { 'idempotency-key': randomUUID() },
      },
    );
    expect(w.data?.status, w.key).toBe('pending');
    return w.data as { id: string };
  };
  const approve = (id: string) => t.post('admin/withdrawals/approve', { id }, { token: admin.token });
  const reject = (id: string) => t.post('admin/withdrawals/reject', { id, reason: 'race' }, { token: admin.token });
  const statusOf = async (id: string) =>
    (
      await t.database.sql.query<{ status: string; tx_hash: string | null }>(
        `select status, tx_hash from wallet_withdrawals where id = $1`,
        [id],
      )
    )[0]!;
  /** Posting types of one withdrawal: 'withdraw' (hold), then 'withdraw_sent' or 'withdraw_refund'. */
  const postingsOf = async (id: string) =>
    (
      await t.database.sql.query<{ type: string }>(
        `select type from ledger_postings where operation_id = $1 order by id`,
        [id],
      )
    ).map((p) => p.type);
  const usdt = async (token: string) =>
    (await t.get('wallet/balances', {}, { token })).data.balances.find(
      (b: { currency: string }) => b.currency === 'USDT',
    );
  const booksBalanced = async () =>
    expect((await t.get('admin/ledger/check', {}, { token: admin.token })).data).toMatchObject({
      ok: true,
      problems: [],
    });
  /** Retries are due at once (instead of after their backoff). */
  const makeDue = () =>
    t.database.sql.query(
      `update domain_event_deliveries set next_attempt_at = clock_timestamp() - interval '1 second' where status = 'pending'`,
    );
  const sentTo = (id: string) => chain.broadcasts.filter((b) => b.clientTxId === id);

  it('50 withdrawals approved and rejected at once: one decision each, never both refunded and sent, each sent once', async () => {
    const u = await customer('2000');
    const ws: string[] = [];
    for (let i = 0; i < 50; i++) ws.push((await withdraw(u.token, '10')).id);
    const calls = ws.flatMap((id, i) =>
      i % 2 === 0 ? [() => approve(id), () => reject(id)] : [() => reject(id), () => approve(id)],
    );
    const answers = await Promise.all(calls.map((c) => c()));
    await t.app.events.drainAll();

    let sent = 0;
    for (const [i, id] of ws.entries()) {
      const [a, b] = [answers[2 * i]!, answers[2 * i + 1]!];
      const [approved, rejected] = i % 2 === 0 ? [a, b] : [b, a];
      // Exactly one decision wins; the loser is told the withdrawal is no longer pending.
      expect([approved.code, rejected.code].filter((c) => c === 200)).toHaveLength(1);
      const loser = approved.code === 200 ? rejected : approved;
      expect(loser.key).toBe('withdrawal_not_pending');
      const { status } = await statusOf(id);
      if (approved.code === 200) {
        sent++;
        expect(status).toBe('sent');
        expect(await postingsOf(id)).toEqual(['withdraw', 'withdraw_sent']);
        expect(sentTo(id)).toHaveLength(1);
      } else {
        expect(status).toBe('rejected');
        expect(await postingsOf(id)).toEqual(['withdraw', 'withdraw_refund']);
        expect(sentTo(id)).toHaveLength(0);
      }
    }
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(50);
    expect(await usdt(u.token)).toMatchObject({ available: String(2000 - 11 * sent), held: '0' });
    await booksBalanced();
  }, 120_000);

  it('a reject while the broadcast is held at the chain loses: the claimed payout is sent once', async () => {
    const u = await customer('100');
    const w = await withdraw(u.token, '20');
    const latch = chain.latch();
    const approving = approve(w.id);
    expect((await latch.reached).clientTxId).toBe(w.id);
    // (PGlite's one connection is held by the broadcast's transaction until the latch opens.)
    if (driver === 'pg') expect((await statusOf(w.id)).status).toBe('sending');
    // PostgreSQL answers the reject at once; PGlite (one connection) queues it behind the broadcast.
    const rejecting = reject(w.id);
    await Promise.race([rejecting, new Promise((r) => setTimeout(r, 300))]);
    latch.release();
    const [approved, rejected] = await Promise.all([approving, rejecting]);
    expect(rejected.key).toBe('withdrawal_not_pending');
    expect(approved.data).toMatchObject({ id: w.id, status: 'sent', txHash: sentTo(w.id)[0]!.txHash });
    expect(await postingsOf(w.id)).toEqual(['withdraw', 'withdraw_sent']);
    expect(sentTo(w.id)).toHaveLength(1);
    expect(await usdt(u.token)).toMatchObject({ available: '79', held: '0' });
    await booksBalanced();
  });

  it('a crash between claim and broadcast: a fresh app on the same database broadcasts it once; a reject after the claim loses', async () => {
    const u = await customer('100');
    const w = await withdraw(u.token, '20');
    // The first process claims, then dies before the chain hears of it (its broadcast never leaves).
    chain.failures.send = true;
    let second: FastifyInstance | undefined;
    try {
      expect((await approve(w.id)).data).toMatchObject({ status: 'sending', txHash: null });
    } finally {
      chain.failures.send = false;
    }
    expect(sentTo(w.id)).toHaveLength(0);
    expect((await reject(w.id)).key).toBe('withdrawal_not_pending');
    // Claimed, not yet broadcast: the money is still held, and the books say so.
    await booksBalanced();
    try {
      // A fresh instance (new outbox consumers, new chain client) on the same database.
      second = await buildApp({ config: t.config, database: t.database, clock: new TestClock(), logger: false });
      await second.ready();
      const restartedChain = sandboxChainOf(t.database)!;
      expect(restartedChain).not.toBe(chain);
      await makeDue();
      await second.events.drainAll();
      expect(await statusOf(w.id)).toMatchObject({ status: 'sent', tx_hash: restartedChain.broadcasts[0]!.txHash });
      expect(restartedChain.broadcasts.map((b) => b.clientTxId)).toEqual([w.id]);
      await makeDue();
      expect((await second.events.drainAll()).done).toBe(0); // nothing left, nothing sent again
      expect(restartedChain.broadcasts).toHaveLength(1);
    } finally {
      await second?.close();
    }
    expect(sentTo(w.id)).toHaveLength(0);
    expect(await postingsOf(w.id)).toEqual(['withdraw', 'withdraw_sent']);
    await booksBalanced();
  });

  it('a broadcast whose answer is lost is retried with the same client tx id: sent once, the first tx hash kept', async () => {
    const u = await customer('100');
    const w = await withdraw(u.token, '20');
    const callsBefore = chain.sendCalls;
    chain.failures.lostAnswer = true;
    try {
      expect((await approve(w.id)).data).toMatchObject({ status: 'sending' });
    } finally {
      chain.failures.lostAnswer = false;
    }
    // The chain sent it, but we never heard: nothing posted, the delivery waits for its retry.
    expect(sentTo(w.id)).toHaveLength(1);
    expect(await postingsOf(w.id)).toEqual(['withdraw']);
    const [delivery] = await t.database.sql.query<{ status: string; attempts: number }>(
      `select d.status, d.attempts from domain_event_deliveries d join domain_events e on e.id = d.event_id where d.consumer = $1 and e.aggregate_id = $2`,
      [PAYOUT_CONSUMER, w.id],
    );
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1 });
    await makeDue();
    await t.app.events.drainAll();
    expect(chain.sendCalls - callsBefore).toBe(2);
    expect(sentTo(w.id)).toHaveLength(1);
    expect(await statusOf(w.id)).toEqual({ status: 'sent', tx_hash: sentTo(w.id)[0]!.txHash });
    expect(await postingsOf(w.id)).toEqual(['withdraw', 'withdraw_sent']);
    expect(await usdt(u.token)).toMatchObject({ available: '79', held: '0' });
    await booksBalanced();
  });

  it('a broadcast the chain refuses for good refunds once; nothing is sent and no later decision changes it', async () => {
    const u = await customer('100');
    const w = await withdraw(u.token, '20');
    // Switched through the sandbox route (as a manual tester would).
    expect((await t.post('dev/chain/failures', { sendRejected: true })).data).toMatchObject({
      sendRejected: true,
      send: false,
    });
    try {
      expect((await approve(w.id)).data).toMatchObject({
        status: 'rejected',
        rejectReason: 'broadcast_failed',
        txHash: null,
      });
      await makeDue();
      await t.app.events.drainAll();
    } finally {
      await t.post('dev/chain/failures', { sendRejected: false });
    }
    expect(chain.failures.sendRejected).toBe(false);
    expect(await usdt(u.token)).toMatchObject({ available: '100', held: '0' });
    expect((await approve(w.id)).key).toBe('withdrawal_not_pending');
    expect((await reject(w.id)).key).toBe('withdrawal_not_pending');
    await makeDue();
    await t.app.events.drainAll();
    expect(sentTo(w.id)).toHaveLength(0);
    expect(await postingsOf(w.id)).toEqual(['withdraw', 'withdraw_refund']);
    expect(await usdt(u.token)).toMatchObject({ available: '100', held: '0' });
    const flow = await t.get('wallet/cashFlow', { filter: 'all' }, { token: u.token });
    expect(flow.data.data.filter((x: { type: string }) => x.type === 'withdraw')).toEqual([
      expect.objectContaining({ amount: '-21', remark: 'rejected' }),
    ]);
    await booksBalanced();
  });
});
