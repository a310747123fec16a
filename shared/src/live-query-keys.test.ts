import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_QUERY_KEYS, QUERY_KEYS, queryKeysForLiveEvent } from './live-query-keys';

const repo = join(__dirname, '..', '..');
const keysOf = (type: string) => queryKeysForLiveEvent(type).map((k) => k.join('/'));
const k = (name: keyof typeof QUERY_KEYS) => QUERY_KEYS[name].join('/');

function sources(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) sources(path, out);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(path);
  }
  return out;
}

describe('live event → query keys', () => {
  it('the moves the issue names update every figure they change', () => {
    // A transfer to card funding: wallet figures, home total, and the Apply page's funding (eligibility).
    expect(keysOf('wallet.transfer_completed')).toEqual(
      expect.arrayContaining([k('walletBalances'), k('homeBalances'), k('cardEligibility'), k('walletTransferInfo')]),
    );
    // Closing a card: its balance returns to the wallet — wallet total, card list, home's cards.
    expect(keysOf('cards.closed')).toEqual(
      expect.arrayContaining([k('walletBalances'), k('homeBalances'), k('cardList'), k('homeCards'), k('cardDetail')]),
    );
    for (const type of [
      'wallet.deposit_credited',
      'wallet.exchange_completed',
      'wallet.withdrawal_requested',
      'wallet.withdrawal_rejected',
      'wallet.withdrawal_failed',
      'cards.topped_up',
      'cards.withdrawn',
      'cards.funding_withdrawn',
      'cards.issued',
      'cards.monthly_fee_charged',
      'cards.topup_reversed',
      'cards.wechat_pay_refunded',
      'cards.dispute_recovered',
      'referral.cashback_paid',
      'referral.bonus_paid',
    ])
      expect(keysOf(type), type).toEqual(expect.arrayContaining([k('walletBalances'), k('homeBalances')]));
    for (const type of ['cards.transaction_completed', 'cards.transaction_refunded', 'cards.transaction_authorised'])
      expect(keysOf(type), type).toEqual(expect.arrayContaining([k('cardDetail'), k('cardOrders'), k('homeCards')]));
    expect(keysOf('wallet.deposit_credited')).toContain(k('walletDeposits'));
    expect(keysOf('referral.cashback_paid')).toContain(k('referral'));
  });

  it('a quote on screen follows the balances and funding lots it prices', () => {
    // Money moved to card funding (a new lot): every card quote is priced again.
    expect(keysOf('wallet.transfer_completed')).toEqual(
      expect.arrayContaining([k('cardTopUpQuote'), k('cardWithdrawQuote'), k('cardFundingWithdrawQuote')]),
    );
    for (const type of ['cards.withdrawn', 'cards.funding_withdrawn', 'cards.topped_up', 'cards.closed'])
      expect(keysOf(type), type).toEqual(
        expect.arrayContaining([k('cardTopUpQuote'), k('cardWithdrawQuote'), k('cardFundingWithdrawQuote')]),
      );
    // A card purchase changes the card balance a withdrawal quote names.
    expect(keysOf('cards.transaction_completed')).toContain(k('cardWithdrawQuote'));
  });

  it('the longest pattern wins; a card purchase does not refetch the wallet', () => {
    expect(keysOf('cards.transaction_completed')).not.toContain(k('walletBalances'));
    expect(keysOf('wallet.unseen_changed')).toEqual([k('walletUnseenEvents')]);
    expect(keysOf('notifications.message_created')).toEqual([k('messages')]);
  });

  it('a (re)connection makes every figure stale; an unknown or look-alike type nothing', () => {
    expect(keysOf('live.connected')).toHaveLength(Object.keys(QUERY_KEYS).length);
    expect(keysOf('live.connected')).toEqual(expect.arrayContaining([k('walletBalances'), k('cardList')]));
    expect(keysOf('something.else')).toEqual([]);
    expect(keysOf('')).toEqual([]);
    expect(keysOf('walletx.deposit_credited')).toEqual([]);
    expect(keysOf('cards')).toEqual([]);
  });

  it('names only keys that exist, once each', () => {
    for (const [pattern, names] of Object.entries(LIVE_EVENT_QUERY_KEYS)) {
      for (const name of names) expect(QUERY_KEYS[name], `${pattern} → ${name}`).toBeDefined();
      const keys = queryKeysForLiveEvent(pattern.replace(/[._]$/, '$&x'));
      expect(new Set(keys.map((x) => x.join('/'))).size).toBe(keys.length);
    }
  });

  it('is the one source of these keys: no app spells one out instead of using the constant', () => {
    const files = ['shell/src', 'mf-wallet/src', 'mf-card/src', 'mf-share/src', 'mf-user/src'].flatMap((dir) =>
      sources(join(repo, dir)),
    );
    const spelled = Object.values(QUERY_KEYS).map((key) => key.map((part) => `'${part}'`).join(', '));
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        // A mutation's key names a mutation, not cached figures.
        .filter((line) => !line.includes('mutationKey'))
        .flatMap((line) => spelled.filter((literal) => line.includes(`[${literal}`)).map((l) => `${file}: [${l}`)),
    );
    expect(offenders).toEqual([]);
  });
});
