import { randomUUID } from 'node:crypto';
import { ResultCode, TRANSFER_MIN_USD } from '@cardwallet/shared';
import { TRANSFER_MAX_USD, type TransferRecord } from '@cardwallet/shared/schemas';
import { idempotentOperation, mapIdempotent, requestHash, type IdempotentResult } from '../../http/idempotency';
import { ZERO, fitsCurrency, format, formatFixed, money } from '../../ledger/money';
import * as postings from '../../ledger/posting';
import { postingCall } from '../../ledger/store';
import type { WalletBalances } from './balances';
import { WalletError } from './errors';
import { runLedger, toTransfer, type TransferRow } from './records';
import type { WalletDeps } from './deps';

export type TransferSource = 'USDT' | 'USDC' | 'USD';

/** Wallet → card-funding account (USD, 1:1 from USDT/USDC/USD). */
export class Transfers {
  constructor(
    private readonly deps: WalletDeps,
    private readonly balances: WalletBalances,
  ) {}

  async info(userId: string) {
    const [kyc, accounts] = await Promise.all([this.deps.kycLevel(userId), this.balances.accountBalances(userId)]);
    return {
      minimumUsd: TRANSFER_MIN_USD,
      maximumUsd: TRANSFER_MAX_USD,
      kycLevel1: kyc >= 1,
      sources: (['USDT', 'USDC', 'USD'] as const).map((currency) => ({
        currency,
        available: format(accounts.get(`wallet:${currency}`) ?? ZERO, currency),
      })),
      cardFunding: formatFixed(accounts.get('card_funding:USD') ?? ZERO, 2),
    };
  }

  /**
   * One SQL statement inserts the transfer and posts it (one round trip, atomic) — the hot path,
   * so the key is looked up only when the insert met it; a replay answers the original transfer.
   */
  async transfer(
    userId: string,
    idempotencyKey: string,
    body: { currency: TransferSource; amount: string },
    knownKycLevel?: number,
  ): Promise<IdempotentResult<TransferRecord>> {
    const amount = money(body.amount);
    if (!fitsCurrency(amount, 'USD') || amount.lte(0))
      throw new WalletError('invalid_params', {}, ResultCode.invalidParams);
    if (amount.lt(TRANSFER_MIN_USD)) throw new WalletError('transfer_below_minimum', { min: TRANSFER_MIN_USD });
    if (amount.gt(TRANSFER_MAX_USD)) throw new WalletError('transfer_above_maximum', { max: TRANSFER_MAX_USD });
    if ((knownKycLevel ?? (await this.deps.kycLevel(userId))) < 1)
      throw new WalletError('kyc1_required', {}, ResultCode.forbidden);
    const value = format(amount);
    const hash = requestHash({ op: 'transfer', currency: body.currency, amount: value });
    const result = await idempotentOperation<TransferRow>({
      hash,
      findFirst: false,
      missing: () => new WalletError('operation_failed'),
      find: async () => {
        const [row] = await this.deps.db.query<TransferRow>(
          `SELECT id, request_hash, currency, amount::text AS amount, usd_amount::text AS usd_amount, created_at
           FROM wallet_transfers WHERE user_id = $1 AND idempotency_key = $2`,
          [userId, idempotencyKey],
        );
        return row;
      },
      execute: async () => {
        const id = randomUUID();
        const call = postingCall(
          postings.transferToCard({ transferId: id, userId, currency: body.currency, amount: value }),
          id,
          7,
        );
        // Its domain event (live stream: wallet and card-funding figures) commits with the statement.
        const event = this.deps.events?.recordInStatement(
          {
            type: 'wallet.transfer_completed',
            userId,
            source: 'ins',
            aggregateId: 'ins.id::text',
            payload: { currency: body.currency, amount: value },
          },
          7 + call.params.length,
        );
        const query = <T>(text: string, params: unknown[]) =>
          this.deps.prepared
            ? this.deps.prepared<T>(event ? 'wallet_transfer_v4' : 'wallet_transfer_v3', text, params)
            : this.deps.db.query<T>(text, params);
        const [row] = await runLedger(() =>
          query<TransferRow>(
            `WITH ins AS (
               INSERT INTO wallet_transfers (id, user_id, idempotency_key, request_hash, currency, amount, usd_amount)
               VALUES ($1, $2, $3, $4, $5, $6, $6)
               ON CONFLICT (user_id, idempotency_key) DO NOTHING
               RETURNING id, user_id, request_hash, currency, amount, usd_amount, created_at),
             -- The USD arrives as a lot of its currency (docs/cards.md "Money back to the wallet").
             lot AS (
               INSERT INTO card_funding_lots (user_id, currency, amount) SELECT user_id, currency, usd_amount FROM ins
               ON CONFLICT (user_id, currency) DO UPDATE SET amount = card_funding_lots.amount + EXCLUDED.amount)${event ? `, ${event.ctes}` : ''}
             SELECT ins.id, ins.request_hash, ins.currency, ins.amount::text AS amount, ins.usd_amount::text AS usd_amount, ins.created_at,
                    (SELECT posting_id FROM ${call.sql}) AS posting_id${event ? `, ${event.witness} AS announced` : ''}
             FROM ins`,
            [id, userId, idempotencyKey, hash, body.currency, value, ...call.params, ...(event?.params ?? [])],
          ),
        );
        return row;
      },
    });
    return mapIdempotent(result, toTransfer);
  }
}
