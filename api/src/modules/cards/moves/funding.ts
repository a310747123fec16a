import { randomUUID } from 'node:crypto';
import { ResultCode } from '@cardwallet/shared';
import type { CardFundingWithdrawQuote, CardFundingWithdrawal, CardWalletCurrency } from '@cardwallet/shared/schemas';
import type { SqlDatabase } from '../../../db/sql';
import type { DomainEvents } from '../../../events/domain-events.js';
import { fitsCurrency, format, formatFixed, money, ZERO } from '../../../ledger/money';
import { transferFromCard } from '../../../ledger/posting';
import { InsufficientBalanceError, post } from '../../../ledger/store';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { CardError, inFlight, requirePayPassword } from '../errors';
import { cardFundingKey } from '../postings';
import { FundingLots } from './funding-lots';
import { SandboxRates } from '../../../providers/rates/sandbox';

interface Row {
  id: string;
  request_hash: string;
  status: 'pending' | 'completed';
  currency: CardWalletCurrency;
  amount: string;
  received: string | null;
  created_at: string | Date;
}
const COLUMNS = `id, request_hash, status, currency, amount::text AS amount, received::text AS received, created_at`;

/**
 * The card-funding balance back to the wallet (docs/cards.md "Money back to the wallet"): the
 * mirror of the wallet's transfer to the card, no fee — 1:1 in the currency the money came in with
 * (funding-lots.ts), at the exchange rate less the spread in any other.
 * 1. the row with the client's idempotency key is claimed `pending` (the one idempotency mechanism,
 *    http/idempotency.ts: a duplicate finds it — in flight while pending, replayed once completed);
 * 2. the holder of the key — only it — proves the transaction password;
 * 3. one transaction marks the row `completed` and posts `transfer_back:<id>`.
 * A refusal in 2 or 3 deletes the claim, so a retry with the same key is evaluated afresh.
 */
export class CardFundingMoves {
  constructor(
    private readonly deps: {
      db: SqlDatabase;
      payPasswords: { verify(userId: string, password: string): Promise<void> };
      events?: Pick<DomainEvents, 'record'>;
      /** Default: priced at the sandbox market (as CardService). */
      lots?: FundingLots;
    },
  ) {
    this.lots = deps.lots ?? new FundingLots(new SandboxRates());
  }

  private readonly lots: FundingLots;

  private async balance(userId: string) {
    const [row] = await this.deps.db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`,
      [cardFundingKey(userId)],
    );
    return row ? money(row.balance) : ZERO;
  }

  private async byKey(userId: string, key: string) {
    const [row] = await this.deps.db.query<Row>(
      `SELECT ${COLUMNS} FROM card_funding_withdrawals WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  private async answer(userId: string, row: Row): Promise<CardFundingWithdrawal> {
    const moved = formatFixed(row.amount, 2);
    // Rows recorded before funding lots returned 1:1.
    const received = row.received === null ? money(row.amount) : money(row.received);
    return {
      id: row.id,
      currency: row.currency,
      amount: moved,
      fee: '0.00',
      received: row.currency === 'USD' ? formatFixed(received, 2) : format(received, row.currency),
      createdAt: new Date(row.created_at).toISOString(),
      cardFunding: formatFixed(await this.balance(userId), 2),
    };
  }

  /**
   * GET card/funding/withdrawQuote: what `amount` would bring in `currency` now, refusing what
   * withdrawToWallet would refuse for it (the schema is the operation's; here the balance).
   */
  async quote(userId: string, q: { amount: string; currency: CardWalletCurrency }): Promise<CardFundingWithdrawQuote> {
    const amount = money(q.amount);
    if (amount.lte(0) || !fitsCurrency(amount, 'USD'))
      throw new CardError('invalid_params', {}, ResultCode.invalidParams);
    const balance = await this.balance(userId);
    if (balance.lt(amount)) throw new CardError('card_funding_insufficient', { available: formatFixed(balance, 2) });
    const price = await this.lots.quote(this.deps.db, userId, q.currency, amount);
    return { ...price, fee: '0.00', cardFunding: formatFixed(balance, 2) };
  }

  async withdrawToWallet(
    userId: string,
    key: string,
    body: { amount: string; currency: CardWalletCurrency; payPassword: string },
  ): Promise<IdempotentResult<CardFundingWithdrawal>> {
    const amount = money(body.amount);
    if (amount.lte(0) || !fitsCurrency(amount, 'USD'))
      throw new CardError('invalid_params', {}, ResultCode.invalidParams);
    const value = format(amount);
    const hash = requestHash({ op: 'funding_withdraw', amount: value, currency: body.currency });
    const result = await idempotentOperation<Row>({
      hash,
      find: () => this.byKey(userId, key),
      pending: (row) => row.status === 'pending',
      execute: () => this.withdrawOnce(userId, key, hash, value, body),
      missing: inFlight,
    });
    return { response: await this.answer(userId, result.response), replayed: result.replayed };
  }

  private async withdrawOnce(
    userId: string,
    key: string,
    hash: string,
    value: string,
    body: { currency: CardWalletCurrency; payPassword: string },
  ): Promise<Row | undefined> {
    const id = randomUUID();
    const claimed = await this.deps.db.query<{ id: string }>(
      `INSERT INTO card_funding_withdrawals (id, user_id, idempotency_key, request_hash, currency, amount, status)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending') ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [id, userId, key, hash, body.currency, value],
    );
    if (!claimed[0]) return undefined; // a duplicate holds the key
    const release = () =>
      this.deps.db.query(`DELETE FROM card_funding_withdrawals WHERE id = $1 AND status = 'pending'`, [id]);
    try {
      await requirePayPassword(this.deps.payPasswords, userId, body.payPassword);
      await this.deps.db.transaction(async (tx) => {
        const { price, posting } = await this.lots.consume(tx, userId, body.currency, money(value));
        await tx.query(
          `UPDATE card_funding_withdrawals SET status = 'completed', received = $2 WHERE id = $1 AND status = 'pending'`,
          [id, price.receive],
        );
        await post(
          tx,
          transferFromCard({ transferId: id, userId, currency: body.currency, amount: value, price: posting }),
          id,
        );
        await this.deps.events?.record(tx, {
          type: 'cards.funding_withdrawn',
          userId,
          aggregateId: id,
          payload: { amount: value, currency: body.currency, fee: '0', received: price.receive },
        });
      });
    } catch (e) {
      await release();
      if (e instanceof InsufficientBalanceError)
        throw new CardError('card_funding_insufficient', { available: formatFixed(await this.balance(userId), 2) });
      throw e;
    }
    return this.byKey(userId, key);
  }

  /** Claims a crash left pending (no posting was made: the posting and `completed` commit together). */
  async recoverPending(cutoff: Date): Promise<number> {
    const rows = await this.deps.db.query(
      `DELETE FROM card_funding_withdrawals WHERE status = 'pending' AND created_at < $1 RETURNING id`,
      [cutoff.toISOString()],
    );
    return rows.length;
  }
}
