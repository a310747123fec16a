import { randomUUID } from 'node:crypto';
import { ResultCode } from '@cardwallet/shared';
import type { CardFundingWithdrawal, CardWalletCurrency } from '@cardwallet/shared/schemas';
import type { SqlDatabase } from '../../../db/sql';
import type { DomainEvents } from '../../../events/domain-events.js';
import { fitsCurrency, format, formatFixed, money, ZERO } from '../../../ledger/money';
import { transferFromCard } from '../../../ledger/posting';
import { InsufficientBalanceError, post } from '../../../ledger/store';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { CardError, inFlight, requirePayPassword } from '../errors';
import { cardFundingKey } from '../postings';

interface Row {
  id: string;
  request_hash: string;
  status: 'pending' | 'completed';
  currency: CardWalletCurrency;
  amount: string;
  created_at: string | Date;
}
const COLUMNS = `id, request_hash, status, currency, amount::text AS amount, created_at`;

/**
 * The card-funding balance back to the wallet (docs/cards.md "Money back to the wallet"): the
 * mirror of the wallet's transfer to the card, 1:1 in USD, USDT or USDC, no fee.
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
    },
  ) {}

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
    return {
      id: row.id,
      currency: row.currency,
      amount: moved,
      fee: '0.00',
      received: moved,
      createdAt: new Date(row.created_at).toISOString(),
      cardFunding: formatFixed(await this.balance(userId), 2),
    };
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
        await tx.query(
          `UPDATE card_funding_withdrawals SET status = 'completed' WHERE id = $1 AND status = 'pending'`,
          [id],
        );
        await post(tx, transferFromCard({ transferId: id, userId, currency: body.currency, amount: value }), id);
        await this.deps.events?.record(tx, {
          type: 'cards.funding_withdrawn',
          userId,
          aggregateId: id,
          payload: { amount: value, currency: body.currency, fee: '0' },
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
