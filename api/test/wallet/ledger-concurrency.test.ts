import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { checkLedger } from '../../src/ledger/check';
import { money, ZERO } from '../../src/ledger/money';
import { depositCredit, transferToCard } from '../../src/ledger/posting';
import { InsufficientBalanceError, post } from '../../src/ledger/store';
import { withRetry } from '../../src/ledger/sql';
import { openLedgerDb, type TestDb } from './support/ledger-db';

const USERS = 20;
const FUNDING = '100';
const DEBITS = 1000;

for (const kind of ['pglite', 'pg'] as const) {
  describe.runIf(kind === 'pglite' || inject('pgReachable'))(`ledger under concurrency (${kind})`, () => {
    let db: TestDb;
    beforeAll(async () => {
      db = await openLedgerDb(kind);
    }, 60_000);
    afterAll(async () => db?.close());

    it('1,000 racing debits: no overdraft, totals conserved, replays post nothing, books check clean', async () => {
      for (let u = 0; u < USERS; u++) {
        await db.sql.transaction((tx) =>
          post(
            tx,
            depositCredit({
              depositId: `fund-${u}`,
              userId: `u${u}`,
              currency: 'USDT',
              network: 'TRC20',
              amount: FUNDING,
              txHash: `h${u}`,
            }),
          ),
        );
      }
      // Amounts 5..29.5: each user can afford only some of their ~50 debits.
      const debits = Array.from({ length: DEBITS }, (_, i) => ({
        ref: `t${i}`,
        userId: `u${i % USERS}`,
        amount: money(String(5 + ((i * 7) % 25)))
          .plus(i % 2 ? '0.5' : '0')
          .toFixed(),
      }));
      const run = (d: (typeof debits)[number]) =>
        withRetry(() =>
          db.sql.transaction((tx) =>
            post(tx, transferToCard({ transferId: d.ref, userId: d.userId, currency: 'USDT', amount: d.amount })),
          ),
        ).then(
          (r) => ({ ok: true as const, created: r.created }),
          (e: unknown) => {
            if (e instanceof InsufficientBalanceError) return { ok: false as const, created: false };
            throw e;
          },
        );
      const first = await Promise.all(debits.map(run));
      const succeeded = first.filter((r) => r.ok).length;
      expect(succeeded).toBeGreaterThan(USERS); // some succeeded for everyone
      expect(succeeded).toBeLessThan(DEBITS); // and many were refused

      const balances = await db.sql.query<{ key: string; balance: string; kind: string; user_id: string | null }>(
        `SELECT key, balance::text AS balance, kind, user_id FROM ledger_accounts`,
      );
      let userTotal = ZERO;
      for (const b of balances) {
        if (b.user_id) {
          expect(money(b.balance).gte(0)).toBe(true);
          if (b.kind === 'wallet' || b.kind === 'card_funding') userTotal = userTotal.plus(b.balance);
        }
      }
      // USDT left in wallets + USD on cards (1:1) = everything deposited.
      expect(userTotal.toFixed()).toBe(money(FUNDING).times(USERS).toFixed());
      const postingsBefore = (await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_postings`))[0]!
        .n;
      expect(postingsBefore).toBe(USERS + succeeded);

      // Every request replayed with its key: the successful ones are not posted again.
      const replay = await Promise.all(debits.map(run));
      expect(replay.filter((r) => r.created).length).toBe(0);
      expect(replay.filter((r) => r.ok).length).toBe(succeeded);
      const postingsAfter = (await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_postings`))[0]!.n;
      expect(postingsAfter).toBe(postingsBefore);

      const report = await checkLedger(db.sql);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
    }, 120_000);

    it('the database itself refuses unbalanced or one-legged postings (not only the code)', async () => {
      const entries = (a: string, b: string) =>
        JSON.stringify([
          {
            key: 'user:u1:wallet:USDT',
            userId: 'u1',
            kind: 'wallet',
            currency: 'USDT',
            network: null,
            allowNegative: false,
            amount: a,
          },
          {
            key: 'system:fees:USDT',
            userId: null,
            kind: 'fees',
            currency: 'USDT',
            network: null,
            allowNegative: true,
            amount: b,
          },
        ]);
      const call = (ref: string, json: string) =>
        db.sql.query(`SELECT * FROM ledger_post($1, 'test', NULL, NULL, NULL, NULL, $2::jsonb)`, [ref, json]);
      await expect(call('bad-1', entries('-1', '0.999999'))).rejects.toMatchObject({ code: 'CW002' });
      await expect(call('bad-2', JSON.stringify([]))).rejects.toMatchObject({ code: 'CW002' });
      await expect(call('bad-3', entries('-100000', '100000'))).rejects.toMatchObject({
        code: expect.stringMatching(/^(CW001|23514)$/),
      });
      const [n] = await db.sql.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ledger_postings WHERE ref LIKE 'bad-%'`,
      );
      expect(n!.n).toBe(0);
    });

    it('entries are immutable and the check reports tampering', async () => {
      await expect(db.sql.query(`UPDATE ledger_entries SET amount = amount + 1 WHERE id = 1`)).rejects.toThrow(
        /immutable/,
      );
      await expect(db.sql.query(`DELETE FROM ledger_postings WHERE id = 1`)).rejects.toThrow(/immutable/);
      // A balance edited behind the ledger's back is caught.
      await db.sql.query(`UPDATE ledger_accounts SET balance = balance + 1 WHERE key = 'user:u0:wallet:USDT'`);
      const report = await checkLedger(db.sql);
      expect(report.ok).toBe(false);
      expect(report.problems.join('\n')).toMatch(/user:u0:wallet:USDT: balance .* but entries sum to/);
      expect(report.problems.join('\n')).toMatch(/accounts in USDT sum to 1/);
      await db.sql.query(`UPDATE ledger_accounts SET balance = balance - 1 WHERE key = 'user:u0:wallet:USDT'`);
      expect((await checkLedger(db.sql)).ok).toBe(true);
    });
  });
}
