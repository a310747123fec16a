import { CURRENCY_DEFINITIONS, type CardReturnPrice, type CardWalletCurrency } from '@cardwallet/shared/schemas';
import { Money, ZERO, format, money, roundDown } from '../../../ledger/money';
import type { CardReturn } from '../../../ledger/posting';
import type { SqlRunner } from '../../../ledger/sql';
import type { RateProvider } from '../../../providers/rates/types';
import { CardError } from '../errors';

/**
 * Card funding lots (docs/cards.md "Money back to the wallet"). Every wallet → card-funding
 * transfer adds its USD to the customer's lot of the currency it came in (USD, USDT or USDC).
 * Money leaving the card side for the wallet (card funding → wallet, card withdrawal, the refund of
 * a closed card) in a currency:
 * 1. returns 1:1 up to that currency's lot (what came in as it), which it uses up;
 * 2. beyond it, uses up the other lots and is priced as an exchange — USD → currency at the
 *    mid-market rate less the exchange spread, exactly as wallet/exchange would price it;
 * 3. USD is the card's own currency: money always returns as USD 1:1 (using up the lots it came
 *    from, so they cannot later return free as a stablecoin). USD in the wallet leaves only through
 *    an exchange (spread) or back to a card, so this opens no free way from one coin to another.
 *    Money no lot covers (merchant refunds, dispute credits) is card USD: as a stablecoin, an exchange.
 * So moving 100 USDC to the card side and taking it back as USDT never costs less than exchanging
 * it. Lots are used up only by returns (card spending leaves them): they bound what can come back
 * for free in each currency by what came in as it, which is all the rule needs.
 */
export const LOT_CURRENCIES = ['USD', 'USDT', 'USDC'] as const satisfies readonly CardWalletCurrency[];
type Lots = Record<CardWalletCurrency, Money>;

/** The pure split: how much of `amount` USD is taken from each lot, and what is 1:1 or converted. */
export function splitReturn(
  lots: Lots,
  currency: CardWalletCurrency,
  amount: Money,
): { sameCurrency: Money; converted: Money; take: Lots } {
  const take: Lots = { USD: ZERO, USDT: ZERO, USDC: ZERO };
  take[currency] = Money.min(amount, lots[currency]);
  let rest = amount.minus(take[currency]);
  for (const other of LOT_CURRENCIES) {
    if (other === currency || rest.lte(0)) continue;
    take[other] = Money.min(rest, lots[other]);
    rest = rest.minus(take[other]);
  }
  // USD is the card's own currency: it returns as USD 1:1 whatever it came in as (the lots it came
  // from are used up all the same, so they cannot come back free as a stablecoin later). A
  // stablecoin beyond its own lot — other lots, or the card's own USD — is an exchange.
  const sameCurrency = currency === 'USD' ? amount : take[currency];
  return { sameCurrency, converted: amount.minus(sameCurrency), take };
}

export class FundingLots {
  constructor(private readonly rates: RateProvider) {}

  private async read(db: SqlRunner, userId: string, lock: boolean): Promise<Lots> {
    const rows = await db.query<{ currency: CardWalletCurrency; amount: string }>(
      `SELECT currency, amount::text AS amount FROM card_funding_lots WHERE user_id = $1 ORDER BY currency${lock ? ' FOR UPDATE' : ''}`,
      [userId],
    );
    const lots: Lots = { USD: ZERO, USDT: ZERO, USDC: ZERO };
    for (const r of rows) lots[r.currency] = money(r.amount);
    return lots;
  }

  private async price(
    lots: Lots,
    currency: CardWalletCurrency,
    amount: Money,
  ): Promise<{ price: CardReturnPrice; posting: CardReturn; take: Lots }> {
    const { sameCurrency, converted, take } = splitReturn(lots, currency, amount);
    const spread = new Money(this.rates.spread);
    const mid = new Money(1).div(await this.rates.usdMid(currency));
    const rate = mid.times(new Money(1).minus(spread)).toDecimalPlaces(12, Money.ROUND_DOWN);
    const convertedReceive = converted.gt(0) ? roundDown(converted.times(rate), currency) : ZERO;
    const spreadAmount = converted.gt(0)
      ? Money.max(0, roundDown(converted.times(mid), currency).minus(convertedReceive))
      : ZERO;
    const receive = sameCurrency.plus(convertedReceive);
    // A converted cent can round to nothing: the move would take money and give none — refused, as an exchange is.
    if (receive.lte(0))
      throw new CardError('exchange_out_of_limits', {
        min: '0.02',
        max: CURRENCY_DEFINITIONS.USD.exchangeMaximum,
        currency: 'USD',
      });
    return {
      price: {
        currency,
        amount: amount.toFixed(2),
        sameCurrency: sameCurrency.toFixed(2),
        converted: converted.toFixed(2),
        rate: rate.toFixed(),
        midRate: mid.toDecimalPlaces(12, Money.ROUND_DOWN).toFixed(),
        spreadRate: spread.toFixed(),
        spreadAmount: format(spreadAmount, currency),
        receive: format(receive, currency),
      },
      posting: {
        currency,
        sameCurrency: format(sameCurrency),
        converted: format(converted),
        convertedReceive: format(convertedReceive, currency),
      },
      take,
    };
  }

  /** What `amount` USD would bring in `currency` now (a quote: nothing is used up). */
  async quote(db: SqlRunner, userId: string, currency: CardWalletCurrency, amount: Money): Promise<CardReturnPrice> {
    return (await this.price(await this.read(db, userId, false), currency, amount)).price;
  }

  /**
   * Inside the move's transaction: locks the customer's lots, prices the return and uses the lots
   * up. Concurrent returns of one customer take their turn on the row locks, so a lot is never
   * spent twice; a rolled-back move leaves the lots as they were.
   */
  async consume(
    tx: SqlRunner,
    userId: string,
    currency: CardWalletCurrency,
    amount: Money,
  ): Promise<{ price: CardReturnPrice; posting: CardReturn }> {
    const priced = await this.price(await this.read(tx, userId, true), currency, amount);
    for (const c of LOT_CURRENCIES) {
      if (priced.take[c].lte(0)) continue;
      await tx.query(`UPDATE card_funding_lots SET amount = amount - $3 WHERE user_id = $1 AND currency = $2`, [
        userId,
        c,
        format(priced.take[c]),
      ]);
    }
    return { price: priced.price, posting: priced.posting };
  }
}
