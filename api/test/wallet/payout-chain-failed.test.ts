import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openLedgerDb, type TestDb } from './support/ledger-db';
import { walletFixture } from './support/service';

const DEST_TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

/**
 * sent → failed (docs/ledger.md "Payout state machine"): a withdrawal whose transaction the chain
 * reports failed for good after it was sent is refunded — amount + fee, in one posting — exactly
 * once, however often or concurrently the failure is reported; the books stay balanced.
 */
for (const kind of ['pglite', 'pg'] as const) {
  describe.runIf(kind === 'pglite' || inject('pgReachable'))(`a sent withdrawal that fails on chain (${kind})`, () => {
    let db: TestDb;
    let f: ReturnType<typeof walletFixture>;
    beforeAll(async () => {
      db = await openLedgerDb(kind);
      f = walletFixture(db);
    }, 60_000);
    afterAll(async () => db?.close());

    async function sentWithdrawal(u: string, amount: string) {
      await f.fund(u, '100');
      await f.wallet.payPasswords.set(u, '123456');
      const w = await f.wallet.withdraw(u, `k-${u}`, {
        currency: 'USDT',
        network: 'TRC20',
        address: DEST_TRON,
        amount,
        payPassword: '123456',
      });
      await f.wallet.approveWithdrawal('admin-1', w.id);
      const sent = (await f.wallet.payouts.broadcastNow(w.id))!;
      expect(sent.status).toBe('sent');
      return sent;
    }
    const available = async (u: string) =>
      (await f.wallet.balances(u)).balances.find((b) => b.currency === 'USDT')!.available;

    it('refunds amount + fee once; the same failure reported again changes nothing; ledger check clean', async () => {
      const w = await sentWithdrawal('cf1', '20');
      expect(await available('cf1')).toBe('79'); // 100 − 20 − fee 1
      const failed = await db.sql.transaction((tx) => f.wallet.payouts.chainFailed(tx, w.id, w.txHash!));
      expect(failed).toMatchObject({ id: w.id, status: 'failed', rejectReason: 'chain_reverted', txHash: w.txHash });
      expect(await available('cf1')).toBe('100');
      expect(await db.sql.transaction((tx) => f.wallet.payouts.chainFailed(tx, w.id, w.txHash!))).toBeNull();
      expect(await available('cf1')).toBe('100');
      const posts = await db.sql.query<{ ref: string }>(
        `SELECT ref FROM ledger_postings WHERE operation_id = $1 ORDER BY id`,
        [w.id],
      );
      expect(posts.map((p) => p.ref)).toEqual([
        `withdraw:${w.id}:hold`,
        `withdraw:${w.id}:sent`,
        `withdraw:${w.id}:failed`,
      ]);
      // The fee income was given back: the fee account holds nothing from this withdrawal any more.
      const [fees] = await db.sql.query<{ sum: string }>(
        `SELECT coalesce(sum(e.amount), 0)::text AS sum FROM ledger_entries e JOIN ledger_postings p ON p.id = e.posting_id JOIN ledger_accounts a ON a.id = e.account_id
         WHERE p.operation_id = $1 AND a.kind = 'fees'`,
        [w.id],
      );
      expect(Number(fees!.sum)).toBe(0);
      expect((await f.wallet.withdrawals('cf1', { page: 1, per_page: 15 })).data[0]).toMatchObject({
        id: w.id,
        status: 'failed',
      });
      expect((await f.wallet.ledgerCheck()).problems).toEqual([]);
    });

    it('20 racing reports of one failure: one refund; a withdrawal not sent is never refunded by a report', async () => {
      const w = await sentWithdrawal('cf2', '30');
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          db.sql.transaction((tx) => f.wallet.payouts.chainFailed(tx, w.id, w.txHash!)).catch((e: unknown) => e),
        ),
      );
      expect(results.filter((r) => r && typeof r === 'object' && 'status' in r && r.status === 'failed')).toHaveLength(
        1,
      );
      expect(results.filter((r) => r instanceof Error)).toEqual([]);
      expect(await available('cf2')).toBe('100');
      // Pending (never sent): a stray report is ignored, the hold stays.
      await f.wallet.payPasswords.set('cf3', '123456').catch(() => undefined);
      await f.fund('cf3', '50');
      const pending = await f.wallet.withdraw('cf3', 'k-cf3', {
        currency: 'USDT',
        network: 'TRC20',
        address: DEST_TRON,
        amount: '10',
        payPassword: '123456',
      });
      expect(await db.sql.transaction((tx) => f.wallet.payouts.chainFailed(tx, pending.id, 'deadbeef'))).toBeNull();
      expect(await available('cf3')).toBe('39');
      expect((await f.wallet.ledgerCheck()).problems).toEqual([]);
    });
  });
}
