import { randomBytes, randomUUID } from 'node:crypto';
import { ResultCode, paginate, type Paginated } from '@cardwallet/shared';
import {
  CURRENCY_DEFINITIONS,
  EXCHANGE_QUOTE_TTL_SECONDS,
  type ExchangeQuote,
  type ExchangeRecord,
  type WalletCurrency,
} from '@cardwallet/shared/schemas';
import { idempotentOperation, mapIdempotent, requestHash, type IdempotentResult } from '../../http/idempotency';
import { Money, fitsCurrency, format, money, roundDown } from '../../ledger/money';
import * as postings from '../../ledger/posting';
import { postingCall } from '../../ledger/store';
import type { WalletBalances } from './balances';
import { WalletError, notFound } from './errors';
import { iso, runLedger, toExchange, type ExchangeRow, type Page } from './records';
import type { WalletDeps } from './deps';

const EXCHANGE_SELECT = `SELECT id, request_hash, from_currency, to_currency, amount::text AS amount, rate::text AS rate, receive::text AS receive, created_at
  FROM wallet_exchanges`;

/** Exchange between wallet currencies: a quote honoured for 30 s, executed once. */
export class Exchanges {
  constructor(
    private readonly deps: WalletDeps,
    private readonly balances: WalletBalances,
  ) {}

  private checkAmount(from: WalletCurrency, amount: Money) {
    const d = CURRENCY_DEFINITIONS[from];
    if (!fitsCurrency(amount, from)) throw new WalletError('invalid_params', {}, ResultCode.invalidParams);
    if (amount.lt(d.exchangeMinimum) || amount.gt(d.exchangeMaximum)) {
      throw new WalletError('exchange_out_of_limits', {
        min: d.exchangeMinimum,
        max: d.exchangeMaximum,
        currency: from,
      });
    }
  }

  async quote(
    userId: string,
    body: { from: WalletCurrency; to: WalletCurrency; amount: string },
  ): Promise<ExchangeQuote> {
    if (body.from === body.to) throw new WalletError('currency_unsupported', {}, ResultCode.invalidParams);
    const amount = money(body.amount);
    this.checkAmount(body.from, amount);
    if ((await this.balances.available(userId, body.from)).lt(amount)) throw new WalletError('insufficient_balance');
    const [fromUsd, toUsd] = await Promise.all([this.deps.rates.usdMid(body.from), this.deps.rates.usdMid(body.to)]);
    const spread = new Money(this.deps.rates.spread);
    const midRate = money(fromUsd).div(toUsd);
    const rate = midRate.times(new Money(1).minus(spread)).toDecimalPlaces(12, Money.ROUND_DOWN);
    const receive = roundDown(amount.times(rate), body.to);
    if (receive.lte(0)) {
      const d = CURRENCY_DEFINITIONS[body.from];
      throw new WalletError('exchange_out_of_limits', {
        min: d.exchangeMinimum,
        max: d.exchangeMaximum,
        currency: body.from,
      });
    }
    const id = randomBytes(16).toString('hex');
    const [row] = await this.deps.db.query<{ expires_at: string }>(
      `INSERT INTO wallet_exchange_quotes (id, user_id, from_currency, to_currency, amount, rate, receive, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, clock_timestamp() + make_interval(secs => $8)) RETURNING expires_at`,
      [id, userId, body.from, body.to, format(amount), rate.toFixed(), format(receive), EXCHANGE_QUOTE_TTL_SECONDS],
    );
    return {
      quoteId: id,
      from: body.from,
      to: body.to,
      amount: format(amount, body.from),
      rate: rate.toFixed(),
      midRate: midRate.toDecimalPlaces(12, Money.ROUND_DOWN).toFixed(),
      spreadRate: spread.toFixed(),
      // The mid-market value multiplied before dividing (exact where it can be), rounded down as
      // `receive` is, so the named cost is never negative.
      spreadAmount: format(Money.max(0, roundDown(amount.times(fromUsd).div(toUsd), body.to).minus(receive)), body.to),
      receive: format(receive, body.to),
      expiresAt: iso(row!.expires_at)!,
      ttlSeconds: EXCHANGE_QUOTE_TTL_SECONDS,
    };
  }

  /** Executes a live quote exactly once: both legs in one posting (linked, atomic). */
  async execute(
    userId: string,
    idempotencyKey: string,
    body: { quoteId: string },
  ): Promise<IdempotentResult<ExchangeRecord>> {
    const hash = requestHash({ op: 'exchange', quoteId: body.quoteId });
    const result = await idempotentOperation<ExchangeRow>({
      hash,
      find: () => this.findByKey(userId, idempotencyKey),
      missing: () => new WalletError('quote_expired'),
      execute: async () => {
        const [quote] = await this.deps.db.query<{
          from_currency: WalletCurrency;
          to_currency: WalletCurrency;
          amount: string;
          receive: string;
          live: boolean;
          used: boolean;
        }>(
          `SELECT from_currency, to_currency, amount::text AS amount, receive::text AS receive,
                  expires_at > clock_timestamp() AS live, EXISTS (SELECT 1 FROM wallet_exchanges x WHERE x.quote_id = q.id) AS used
           FROM wallet_exchange_quotes q WHERE id = $1 AND user_id = $2`,
          [body.quoteId, userId],
        );
        if (!quote) throw notFound();
        if (!quote.live || quote.used) throw new WalletError('quote_expired');
        const id = randomUUID();
        const amount = format(quote.amount, quote.from_currency);
        const receive = format(quote.receive, quote.to_currency);
        const call = postingCall(
          postings.exchange({
            exchangeId: id,
            userId,
            from: quote.from_currency,
            to: quote.to_currency,
            amount,
            receive,
          }),
          id,
          6,
        );
        // Its domain event (live stream: both currencies' figures) commits with the statement.
        const event = this.deps.events?.recordInStatement(
          {
            type: 'wallet.exchange_completed',
            userId,
            source: 'ins',
            aggregateId: 'ins.id::text',
            payload: { from: quote.from_currency, to: quote.to_currency, amount, receive },
          },
          6 + call.params.length,
        );
        const [row] = await runLedger(() =>
          this.deps.db.query<ExchangeRow>(
            `WITH ins AS (
               INSERT INTO wallet_exchanges (id, user_id, idempotency_key, request_hash, quote_id, from_currency, to_currency, amount, rate, receive)
               SELECT $1, $2, $3, $4, q.id, q.from_currency, q.to_currency, q.amount, q.rate, q.receive
               FROM wallet_exchange_quotes q WHERE q.id = $5 AND q.user_id = $2 AND q.expires_at > clock_timestamp()
               ON CONFLICT DO NOTHING
               RETURNING *)${event ? `, ${event.ctes}` : ''}
             SELECT ins.id, ins.request_hash, ins.from_currency, ins.to_currency, ins.amount::text AS amount, ins.rate::text AS rate,
                    ins.receive::text AS receive, ins.created_at, (SELECT posting_id FROM ${call.sql}) AS posting_id${event ? `, ${event.witness} AS announced` : ''}
             FROM ins`,
            [id, userId, idempotencyKey, hash, body.quoteId, ...call.params, ...(event?.params ?? [])],
          ),
        );
        return row;
      },
    });
    return mapIdempotent(result, toExchange);
  }

  private async findByKey(userId: string, key: string): Promise<ExchangeRow | undefined> {
    const [row] = await this.deps.db.query<ExchangeRow>(
      `${EXCHANGE_SELECT} WHERE user_id = $1 AND idempotency_key = $2`,
      [userId, key],
    );
    return row;
  }

  async records(userId: string, q: Page): Promise<Paginated<ExchangeRecord>> {
    const [rows, [count]] = await Promise.all([
      this.deps.db.query<ExchangeRow>(
        `${EXCHANGE_SELECT} WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
        [userId, q.per_page, (q.page - 1) * q.per_page],
      ),
      this.deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM wallet_exchanges WHERE user_id = $1`, [userId]),
    ]);
    return paginate(rows.map(toExchange), count!.n, q.page, q.per_page);
  }
}
