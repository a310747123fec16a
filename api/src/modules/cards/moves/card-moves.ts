import { ResultCode } from '@cardwallet/shared';
import {
  CARD_FEES,
  cardGatewayFee,
  type CardOperationRecord,
  type CardSummary,
  type CardTopUpQuote,
  type CardWalletCurrency,
  type CardWithdrawQuote,
  type CouponScope,
} from '@cardwallet/shared/schemas';
import { previewCouponDiscount } from '../../coupons/redeem.js';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { Money, format, formatFixed, money, ZERO } from '../../../ledger/money';
import type { CardReturn } from '../../../ledger/posting';
import type { FundingLots } from './funding-lots';
import type { SqlRunner } from '../../../ledger/sql';
import { CardError, gate, inFlight, requirePayPassword } from '../errors';
import * as postings from '../postings';
import { productById } from '../products';
import {
  FIX,
  issuerRefusal,
  toSummary,
  type CardServiceDeps,
  type EmptyClose,
  type FeeCoupon,
  type OperationRow,
  type PasskeyProofVerifier,
  type RevealProof,
} from '../model';
import type { CardReads } from '../reads';
import type { CardOperations } from './operations';
import { BusinessError } from '../../../http/errors.js';

/**
 * Money onto and off a card (spec §4, docs/cards.md): activation (the first top-up), top-up from the
 * card-funding balance, withdrawal to the wallet and the refund of what is left when a card closes,
 * with their fee coupons. Every move runs through CardOperations (idempotent, issuer then posting).
 */
/** Card → wallet: the proof is the transaction password or a passkey assertion (exactly one; the schema checks it). */
type WithdrawBody = {
  cardId: string;
  amount: string;
  currency: CardWalletCurrency;
  couponId?: string | undefined;
} & RevealProof;

/** The card must keep CARD_FEES.minKeep: the refusal names the most that can leave a card of `balance`. */
function keepRefusal(balance: string, fee: Money) {
  const max = money(balance).minus(fee).minus(CARD_FEES.minKeep);
  return new CardError('card_must_keep_minimum', {
    min: CARD_FEES.minKeep,
    max: formatFixed(max.gt(0) ? max : ZERO, 2),
  });
}

export class CardMoves {
  constructor(
    private readonly deps: CardServiceDeps,
    private readonly reads: CardReads,
    private readonly ops: CardOperations,
  ) {}

  private get db() {
    return this.deps.db;
  }

  async activate(
    userId: string,
    key: string,
    body: { cardId: string; firstName: string; lastName: string; mobile: string; amount: string },
  ): Promise<IdempotentResult<CardOperationRecord>> {
    const amount = money(body.amount);
    const hash = requestHash({
      op: 'activate',
      cardId: body.cardId,
      amount: format(amount),
      firstName: body.firstName,
      lastName: body.lastName,
      mobile: body.mobile,
    });
    return this.ops.idempotent(userId, key, hash, () => this.activateOnce(userId, key, hash, body));
  }

  private async activateOnce(
    userId: string,
    key: string,
    hash: string,
    body: { cardId: string; firstName: string; lastName: string; mobile: string; amount: string },
  ): Promise<OperationRow | undefined> {
    const amount = money(body.amount);
    const card = await this.reads.cardRow(userId, body.cardId);
    if ((await this.reads.customer(userId)).kycLevel < 1) throw gate('kyc1_required', FIX.kyc1);
    if (card.status === 'active') throw new CardError('card_already_active');
    if (card.status !== 'inactivated')
      throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.firstTopUpMin))
      throw new CardError('card_first_topup_minimum', { min: product.firstTopUpMin });
    if (amount.gt(product.topUpMax))
      throw new CardError('card_amount_out_of_limits', { min: product.firstTopUpMin, max: product.topUpMax });
    const fee = money(cardGatewayFee(format(amount, 'USD')));
    await this.requireFunding(userId, amount.plus(fee));
    await this.deps.issuer.setCardholder(card.issuer_token!, body).catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    return this.ops.run({
      kind: 'activate',
      // The referral programme's open-card cashback is bounded by it (docs/referral.md).
      eventPayload: { applicationFeeKept: await this.applicationFeeKept(card.id) },
      userId,
      key,
      hash,
      card,
      amount: format(amount),
      fee: format(fee),
      issuerCall: (reference) =>
        this.deps.issuer.load({ token: card.issuer_token!, amount: format(amount), reference }),
      posting: (operationId) =>
        postings.topUp({ operationId, cardId: card.id, userId, amount: format(amount), fee: format(fee) }),
      inTransaction: async (tx) => {
        const rows = await tx.query(
          `UPDATE cards SET status = 'active', activated_at = clock_timestamp(), first_name = $2, last_name = $3, holder_mobile = $4
           WHERE id = $1 AND status = 'inactivated' RETURNING id`,
          [card.id, body.firstName, body.lastName, body.mobile],
        );
        if (rows.length === 0) throw new CardError('card_already_active');
      },
    });
  }

  async topUp(
    userId: string,
    key: string,
    body: { cardId: string; amount: string; couponId?: string | undefined },
  ): Promise<IdempotentResult<CardOperationRecord>> {
    const hash = requestHash({
      op: 'topup',
      cardId: body.cardId,
      amount: format(money(body.amount)),
      ...(body.couponId ? { couponId: body.couponId } : {}),
    });
    return this.ops.idempotent(userId, key, hash, () => this.topUpOnce(userId, key, hash, body));
  }

  private async topUpOnce(
    userId: string,
    key: string,
    hash: string,
    body: { cardId: string; amount: string; couponId?: string | undefined },
  ): Promise<OperationRow | undefined> {
    const { amount, card, fee } = await this.checkTopUp(userId, body);
    const coupon = await this.feeCoupon(userId, body.couponId, 'card_topup_gateway_fee', fee);
    await this.requireFunding(userId, amount.plus(fee).minus(coupon?.discount ?? 0));
    return this.ops.run({
      kind: 'topup',
      userId,
      key,
      hash,
      card,
      amount: format(amount),
      fee: format(fee.minus(coupon?.discount ?? 0)),
      coupon,
      issuerCall: (reference) =>
        this.deps.issuer.load({ token: card.issuer_token!, amount: format(amount), reference }),
      posting: (operationId) =>
        postings.topUp({
          operationId,
          cardId: card.id,
          userId,
          amount: format(amount),
          fee: format(fee),
          discount: coupon?.discount,
        }),
    });
  }

  /** What card/topUp checks before anything moves — its quote (topUpQuote) checks exactly the same. */
  private async checkTopUp(userId: string, body: { cardId: string; amount: string }) {
    const amount = money(body.amount);
    const card = await this.reads.cardRow(userId, body.cardId);
    if ((await this.reads.customer(userId)).kycLevel < 1) throw gate('kyc1_required', FIX.kyc1);
    if (card.status === 'inactivated')
      throw gate('card_not_active', `${FIX.activate}?cardId=${encodeURIComponent(card.id)}`, { status: card.status });
    if (card.status !== 'active') throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.topUpMin) || amount.gt(product.topUpMax))
      throw new CardError('card_amount_out_of_limits', { min: product.topUpMin, max: product.topUpMax });
    const fee = money(cardGatewayFee(format(amount, 'USD')));
    return { amount, card, fee };
  }

  /** GET card/topUpQuote: the gateway fee and the total, refusing what card/topUp would (no coupon). */
  async topUpQuote(userId: string, q: { cardId: string; amount: string }): Promise<CardTopUpQuote> {
    const { amount, fee } = await this.checkTopUp(userId, q);
    const total = amount.plus(fee);
    await this.requireFunding(userId, total);
    return {
      amount: formatFixed(amount, 2),
      fee: formatFixed(fee, 2),
      total: formatFixed(total, 2),
      cardFunding: formatFixed(await this.reads.cardFunding(userId), 2),
    };
  }

  /**
   * What card/withdraw checks before the proof — its quote (withdrawQuote) checks exactly the same:
   * the card is the customer's and active, the amount within the product's limits, amount + fee on
   * the card and the minimum kept.
   */
  private async checkWithdraw(userId: string, body: { cardId: string; amount: string }, fee: () => Promise<Money>) {
    const amount = money(body.amount);
    const card = await this.reads.cardRow(userId, body.cardId);
    if (card.status !== 'active') throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.withdrawMin) || amount.gt(product.withdrawMax))
      throw new CardError('card_amount_out_of_limits', { min: product.withdrawMin, max: product.withdrawMax });
    const charged = await fee();
    const balance = money(card.balance);
    if (balance.lt(amount.plus(charged))) throw new CardError('insufficient_card_balance');
    if (balance.minus(amount).minus(charged).lt(CARD_FEES.minKeep)) throw keepRefusal(card.balance, charged);
    return { amount, card, fee: charged, after: balance.minus(amount).minus(charged) };
  }

  /**
   * GET card/withdrawQuote: the fee, what arrives in the wallet (funding lots, the spread on any
   * converted part) and the balance left, refusing what card/withdraw would (no coupon, no proof).
   */
  async withdrawQuote(
    userId: string,
    q: { cardId: string; amount: string; currency: CardWalletCurrency },
  ): Promise<CardWithdrawQuote> {
    const { amount, fee, after } = await this.checkWithdraw(userId, q, async () => money(CARD_FEES.withdrawFee));
    const price = await this.lots.quote(this.db, userId, q.currency, amount);
    return { ...price, fee: formatFixed(fee, 2), cardBalanceAfter: formatFixed(after, 2) };
  }

  private get lots(): FundingLots {
    if (!this.deps.lots) throw new Error('CardService needs funding lots for money back to the wallet');
    return this.deps.lots;
  }

  /** Inside the move's transaction: uses up funding lots, records what reaches the wallet, prices the posting. */
  private async returnToWallet(
    tx: SqlRunner,
    operationId: string,
    userId: string,
    currency: CardWalletCurrency,
    amount: Money,
  ): Promise<CardReturn> {
    const { price, posting } = await this.lots.consume(tx, userId, currency, amount);
    await tx.query(`UPDATE card_operations SET wallet_amount = $2 WHERE id = $1`, [operationId, price.receive]);
    return posting;
  }

  /**
   * Card → wallet (spec §4, §6): a fresh proof first — the transaction password or a passkey assertion
   * checked by `verifyPasskey` (given by the route, as for card/detailsGrant) — then the amount in
   * `currency` 1:1, less nothing (the fee is on the card).
   */
  async withdraw(
    userId: string,
    key: string,
    body: WithdrawBody,
    verifyPasskey?: PasskeyProofVerifier,
  ): Promise<IdempotentResult<CardOperationRecord>> {
    const hash = requestHash({
      op: 'withdraw',
      cardId: body.cardId,
      amount: format(money(body.amount)),
      currency: body.currency,
      ...(body.couponId ? { couponId: body.couponId } : {}),
    });
    return this.ops.idempotent(userId, key, hash, () => this.withdrawOnce(userId, key, hash, body, verifyPasskey));
  }

  private async withdrawOnce(
    userId: string,
    key: string,
    hash: string,
    body: WithdrawBody,
    verifyPasskey?: PasskeyProofVerifier,
  ): Promise<OperationRow | undefined> {
    const payPasswords = this.deps.payPasswords;
    if (!payPasswords) throw new Error('CardService needs payPasswords for withdrawals');
    // With a withdrawal-fee coupon the card pays fee − discount (the issuer unloads exactly that).
    const fullFee = money(CARD_FEES.withdrawFee);
    let coupon: FeeCoupon | null = null;
    const { amount, card, fee } = await this.checkWithdraw(userId, body, async () => {
      coupon = await this.feeCoupon(userId, body.couponId, 'card_withdrawal_fee', fullFee);
      return fullFee.minus(coupon?.discount ?? 0);
    });
    return this.ops.run({
      kind: 'withdraw',
      userId,
      key,
      hash,
      card,
      amount: format(amount),
      fee: format(fee),
      issuerCall: (reference) =>
        this.deps.issuer.unload({ token: card.issuer_token!, amount: format(amount.plus(fee)), reference }),
      coupon,
      walletCurrency: body.currency,
      // Only the request that holds the key evaluates the password: retries and double taps of one
      // withdrawal never count as wrong tries against the transaction password's lockout.
      // The proof is the transaction password or a passkey (issue 22); a passkey ceremony proves once.
      authorize: async () => {
        if (!body.passkey) return requirePayPassword(payPasswords, userId, body.payPassword ?? '');
        // Without a verifier a passkey proof must never pass: fail closed.
        if (!verifyPasskey) throw new BusinessError('passkey_invalid');
        await verifyPasskey(userId, body.passkey);
      },
      posting: async (operationId, tx) =>
        postings.withdraw({
          operationId,
          cardId: card.id,
          userId,
          amount: format(amount),
          fee: format(fullFee),
          currency: body.currency,
          discount: (coupon as FeeCoupon | null)?.discount,
          price: await this.returnToWallet(tx, operationId, userId, body.currency, amount),
        }),
      inTransaction: async (tx) => {
        // Under the lock ledger_post took on the card account: the rule holds however many race.
        const [row] = await tx.query<{ balance: string }>(
          `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`,
          [postings.cardAccountKey(userId, card.id)],
        );
        if (!row || money(row.balance).lt(CARD_FEES.minKeep))
          throw keepRefusal(
            format(
              money(row?.balance ?? '0')
                .plus(amount)
                .plus(fee),
            ),
            fee,
          );
      },
      insufficient: () => new CardError('insufficient_card_balance'),
    });
  }

  /**
   * Close (spec §4): the card goes `cancelling` (frozen at the issuer, so nothing new is authorised),
   * its whole balance returns to the wallet in `currency` (1:1) in one posting and it ends
   * `closed` at the issuer and here. Pre-authorisations still holding money must complete first.
   */
  async close(
    userId: string,
    key: string,
    cardId: string,
    openHolds: (cardId: string) => Promise<number>,
    currency: CardWalletCurrency = 'USD',
  ): Promise<IdempotentResult<CardSummary>> {
    const hash = requestHash({ op: 'close', cardId, currency });
    const result = await idempotentOperation<OperationRow | EmptyClose>({
      hash,
      find: () => this.ops.byKey(userId, key),
      pending: (row) => row.status === 'pending',
      execute: () => this.closeOnce(userId, key, hash, cardId, openHolds, currency),
      missing: inFlight,
    });
    return { response: toSummary(await this.reads.cardRow(userId, cardId)), replayed: result.replayed };
  }

  private async closeOnce(
    userId: string,
    key: string,
    hash: string,
    cardId: string,
    openHolds: (cardId: string) => Promise<number>,
    currency: CardWalletCurrency,
  ): Promise<OperationRow | EmptyClose | undefined> {
    const card = await this.reads.cardRow(userId, cardId);
    if (card.status === 'closed') return { request_hash: hash, status: 'completed' };
    if (!['active', 'frozen', 'inactivated', 'cancelling'].includes(card.status))
      throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    if ((await openHolds(cardId)) > 0) throw new CardError('card_pending_transactions');
    const token = card.issuer_token!;
    await this.deps.issuer.setStatus(token, 'frozen').catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    await this.db.query(`UPDATE cards SET status = 'cancelling' WHERE id = $1 AND status <> 'closed'`, [cardId]);
    const finish = async (tx: SqlRunner) => {
      await tx.query(`UPDATE cards SET status = 'closed', closed_at = clock_timestamp() WHERE id = $1`, [cardId]);
    };
    // The issuer's balance is the truth about what is left on the card.
    const balance = await this.deps.issuer.balance(token).catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    let closed: OperationRow | EmptyClose | undefined = { request_hash: hash, status: 'completed' };
    if (money(balance).gt(0)) {
      closed = await this.ops.run({
        kind: 'close',
        userId,
        key,
        hash,
        card: { ...card, status: 'cancelling' },
        amount: format(money(balance)),
        fee: '0',
        issuerCall: (reference) => this.deps.issuer.unload({ token, amount: format(money(balance)), reference }),
        walletCurrency: currency,
        posting: async (operationId, tx) =>
          postings.close({
            operationId,
            cardId,
            userId,
            amount: format(money(balance)),
            currency,
            price: await this.returnToWallet(tx, operationId, userId, currency, money(balance)),
          }),
        inTransaction: finish,
        insufficient: () => new CardError('operation_failed'),
      });
    } else {
      await this.db.transaction(async (tx) => {
        await finish(tx);
        await this.deps.events?.record(tx, {
          type: 'cards.closed',
          userId,
          aggregateId: `close:${cardId}`,
          payload: { cardId, last4: card.last4, brand: card.brand, amount: '0', fee: '0', walletCurrency: currency },
        });
      });
    }
    // A concurrent duplicate holding the key (closed undefined) finishes the close itself.
    if (closed) await this.deps.issuer.setStatus(token, 'closed').catch(() => undefined);
    return closed;
  }

  /**
   * The discount a fee coupon will give, known before the issuer is called (coupon scopes
   * top-up gateway fee, withdrawal fee). A coupon that cannot apply — not the customer's, used,
   * expired, another fee's, or a fee of 0 — is refused before anything moves.
   */
  private async feeCoupon(
    userId: string,
    couponId: string | undefined,
    scope: CouponScope,
    fee: ReturnType<typeof money>,
  ): Promise<FeeCoupon | null> {
    if (!couponId) return null;
    const discount = fee.gt(0)
      ? await previewCouponDiscount(this.db, { userId, couponId, scope, feeAmount: fee.toFixed(2) })
      : null;
    if (discount === null || money(discount).isZero()) throw new CardError('coupon_not_applicable');
    return { couponId, scope, fee: fee.toFixed(2), discount };
  }

  /**
   * The application fee the company kept for a card: what its fee posting credited to card fees,
   * less the coupon discount marketing funded (paid from card funding or with WeChat Pay alike).
   */
  private async applicationFeeKept(cardId: string): Promise<string> {
    const [row] = await this.db.query<{ kept: string }>(
      `SELECT coalesce(sum(e.amount), 0)::text AS kept
         FROM ledger_postings p JOIN ledger_entries e ON e.posting_id = p.id JOIN ledger_accounts a ON a.id = e.account_id
        WHERE p.ref = $1 AND a.key IN ('system:card_fees:USD', 'system:promotions:USD')`,
      [`card_apply:${cardId}`],
    );
    return formatFixed(Money.max(0, money(row?.kept ?? '0')), 2);
  }

  private async requireFunding(userId: string, total: ReturnType<typeof money>) {
    if ((await this.reads.cardFunding(userId)).lt(total))
      throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
  }
}
