import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { userAccount, systemAccount } from '../../src/ledger/accounts';
import { money, ZERO } from '../../src/ledger/money';
import {
  assertValidPosting,
  depositCredit,
  exchange,
  transferToCard,
  withdrawalHold,
  withdrawalRefund,
  withdrawalSent,
  type PostingDraft,
} from '../../src/ledger/posting';

function sums(p: PostingDraft) {
  const m = new Map<string, string>();
  for (const e of p.entries)
    m.set(
      e.account.currency,
      money(m.get(e.account.currency) ?? '0')
        .plus(e.amount)
        .toFixed(),
    );
  return Object.fromEntries(m);
}

describe('posting builders', () => {
  it('every operation balances per currency', () => {
    const u = 'user-1';
    const postings = [
      depositCredit({ depositId: '1', userId: u, currency: 'USDT', network: 'TRC20', amount: '100.5', txHash: 'ab' }),
      withdrawalHold({ withdrawalId: '2', userId: u, currency: 'USDT', total: '11' }),
      withdrawalSent({
        withdrawalId: '2',
        userId: u,
        currency: 'USDT',
        network: 'TRC20',
        amount: '10',
        fee: '1',
        txHash: 'cd',
      }),
      withdrawalRefund({ withdrawalId: '3', userId: u, currency: 'USDT', total: '11' }),
      exchange({ exchangeId: '4', userId: u, from: 'USDT', to: 'BTC', amount: '100', receive: '0.00152' }),
      transferToCard({ transferId: '5', userId: u, currency: 'USDT', amount: '50' }),
      transferToCard({ transferId: '6', userId: u, currency: 'USD', amount: '50.25' }),
    ];
    for (const p of postings) for (const v of Object.values(sums(p))) expect(v).toBe('0');
    expect(new Set(postings.map((p) => p.ref)).size).toBe(postings.length);
  });

  it('refuses unbalanced, zero, duplicate-account and over-precise postings', () => {
    const base = { ref: 'x', type: 'deposit' as const, userId: null, remark: null, txHash: null };
    expect(() =>
      assertValidPosting({
        ...base,
        entries: [
          { account: userAccount('u', 'wallet', 'USDT'), amount: '1' },
          { account: systemAccount('fees', 'USDT'), amount: '-0.999999' },
        ],
      }),
    ).toThrow(/sum/);
    expect(() =>
      assertValidPosting({
        ...base,
        entries: [
          { account: userAccount('u', 'wallet', 'USDT'), amount: '0' },
          { account: systemAccount('fees', 'USDT'), amount: '0' },
        ],
      }),
    ).toThrow(/zero/);
    expect(() =>
      assertValidPosting({
        ...base,
        entries: [
          { account: userAccount('u', 'wallet', 'USD'), amount: '1.001' },
          { account: systemAccount('fees', 'USD'), amount: '-1.001' },
        ],
      }),
    ).toThrow(/precision/);
    expect(() =>
      assertValidPosting({
        ...base,
        entries: [
          { account: userAccount('u', 'wallet', 'USDT'), amount: '1' },
          { account: userAccount('u', 'wallet', 'USDT'), amount: '-1' },
        ],
      }),
    ).toThrow(/twice/);
  });

  it('property: any exchange amounts balance in both currencies', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 20n }), fc.bigInt({ min: 1n, max: 10n ** 12n }), (a, r) => {
        const amount = money(a.toString()).div(1e6).toFixed();
        const receive = money(r.toString()).div(1e8).toFixed();
        const p = exchange({ exchangeId: 'e', userId: 'u', from: 'USDT', to: 'BTC', amount, receive });
        const s = sums(p);
        return s.USDT === '0' && s.BTC === '0' && !money(amount).equals(ZERO);
      }),
      { numRuns: 200 },
    );
  });
});
