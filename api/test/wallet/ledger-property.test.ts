import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import fc from 'fast-check';
import { WalletError } from '../../src/modules/wallet/errors';
import { money, roundDown, type Money } from '../../src/ledger/money';
import { openLedgerDb, type TestDb } from './support/ledger-db';
import { walletFixture } from './support/service';

/**
 * Property: any sequence of wallet operations (deposits, transfers, withdrawals, admin decisions,
 * exchanges, and replays of earlier requests with their keys) leaves the books balanced, no
 * customer balance negative, and every balance equal to a simple model of what should have happened.
 */
type Op =
  | { kind: 'deposit'; user: number; amount: number }
  | { kind: 'transfer'; user: number; amount: number }
  | { kind: 'withdraw'; user: number; amount: number }
  | { kind: 'decide'; pick: number; approve: boolean }
  | { kind: 'exchange'; user: number; amount: number }
  | { kind: 'replay'; pick: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: fc.nat(2), amount: fc.integer({ min: 1, max: 20000 }) }),
  fc.record({ kind: fc.constant('transfer' as const), user: fc.nat(2), amount: fc.integer({ min: 5000, max: 15000 }) }),
  fc.record({ kind: fc.constant('withdraw' as const), user: fc.nat(2), amount: fc.integer({ min: 1000, max: 9000 }) }),
  fc.record({ kind: fc.constant('decide' as const), pick: fc.nat(), approve: fc.boolean() }),
  fc.record({ kind: fc.constant('exchange' as const), user: fc.nat(2), amount: fc.integer({ min: 100, max: 9000 }) }),
  fc.record({ kind: fc.constant('replay' as const), pick: fc.nat() }),
);

const cents = (n: number) => money(String(n)).div(100); // amounts in hundredths

for (const kind of ['pglite', 'pg'] as const)
  describe.runIf(kind === 'pglite' || inject('pgReachable'))(`ledger property (${kind})`, () => {
    let db: TestDb;
    let f: ReturnType<typeof walletFixture>;
    beforeAll(async () => {
      db = await openLedgerDb(kind);
      f = walletFixture(db);
    }, 60_000);
    afterAll(async () => db?.close());

    it('random operation sequences keep every invariant', async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 4, maxLength: 12 }), async (ops) => {
          run++;
          const users = [0, 1, 2].map((i) => `prop-${kind}-${run}-${i}`);
          const model = users.map(() => ({ usdt: money('0'), usd: money('0'), held: money('0'), card: money('0') }));
          const pending: Array<{ id: string; user: number; total: Money }> = [];
          const done: Array<() => Promise<unknown>> = [];
          for (const u of users) {
            await f.wallet.payPasswords.set(u, '246810');
            f.kyc.set(u, 1);
          }
          let n = 0;
          for (const o of ops) {
            const key = `k-${run}-${n++}`;
            try {
              if (o.kind === 'deposit') {
                await f.fund(users[o.user]!, cents(o.amount).toFixed());
                if (cents(o.amount).gt('0.5')) model[o.user]!.usdt = model[o.user]!.usdt.plus(cents(o.amount));
              } else if (o.kind === 'transfer') {
                const call = () =>
                  f.wallet.transfer(users[o.user]!, key, { currency: 'USDT', amount: cents(o.amount).toFixed() });
                await call();
                model[o.user]!.usdt = model[o.user]!.usdt.minus(cents(o.amount));
                model[o.user]!.card = model[o.user]!.card.plus(cents(o.amount));
                done.push(call);
              } else if (o.kind === 'withdraw') {
                const body = {
                  currency: 'USDT' as const,
                  network: 'TRC20' as const,
                  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
                  amount: cents(o.amount).toFixed(),
                  payPassword: '246810',
                };
                const call = () => f.wallet.withdraw(users[o.user]!, key, body);
                const w = await call();
                const total = cents(o.amount).plus(1);
                model[o.user]!.usdt = model[o.user]!.usdt.minus(total);
                model[o.user]!.held = model[o.user]!.held.plus(total);
                pending.push({ id: w.id, user: o.user, total });
                done.push(call);
              } else if (o.kind === 'decide' && pending.length > 0) {
                const [w] = pending.splice(o.pick % pending.length, 1);
                if (o.approve) {
                  await f.wallet.approveWithdrawal('admin', w!.id);
                  await f.wallet.payouts.broadcastNow(w!.id);
                } else {
                  await f.wallet.rejectWithdrawal('admin', w!.id);
                  model[w!.user]!.usdt = model[w!.user]!.usdt.plus(w!.total);
                }
                model[w!.user]!.held = model[w!.user]!.held.minus(w!.total);
              } else if (o.kind === 'exchange') {
                const q = await f.wallet.exchangeQuote(users[o.user]!, {
                  from: 'USDT',
                  to: 'USD',
                  amount: cents(o.amount).toFixed(),
                });
                const call = () => f.wallet.exchange(users[o.user]!, key, { quoteId: q.quoteId });
                await call();
                model[o.user]!.usdt = model[o.user]!.usdt.minus(cents(o.amount));
                model[o.user]!.usd = model[o.user]!.usd.plus(roundDown(cents(o.amount).times('0.995'), 'USD'));
                done.push(call);
              } else if (o.kind === 'replay' && done.length > 0) {
                await done[o.pick % done.length]!(); // same key, same body: no new movement
              }
            } catch (e) {
              if (!(e instanceof WalletError) || e.key !== 'insufficient_balance') throw e;
            }
          }
          for (const [i, u] of users.entries()) {
            const b = await f.wallet.balances(u);
            const usdt = b.balances.find((c) => c.currency === 'USDT')!;
            const usd = b.balances.find((c) => c.currency === 'USD')!;
            expect(money(usdt.available).gte(0)).toBe(true);
            expect(usdt.available).toBe(model[i]!.usdt.toFixed());
            expect(usdt.held).toBe(model[i]!.held.toFixed());
            expect(usd.available).toBe(model[i]!.usd.toFixed());
            expect(b.cardFunding).toBe(model[i]!.card.toFixed(2));
          }
          const report = await f.wallet.ledgerCheck();
          expect(report.problems).toEqual([]);
        }),
        { numRuns: 25, seed: Number(process.env.FC_SEED ?? 20261121), endOnFailure: true },
      );
    }, 150_000);
  });
