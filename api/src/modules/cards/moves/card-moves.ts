import { ResultCode } from '@cardwallet/shared';
import {
  CARD_FEES,
  cardGatewayFee,
  type CardOperationRecord,
  type CardSummary,
  type CardWalletCurrency,
  type CouponScope,
} from '@cardwallet/shared/schemas';
import { previewCouponDiscount } from '../../coupons/redeem.js';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { format, formatFixed, money, ZERO } from '../../../ledger/money';
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
    const amount = money(body.amount);
    const payPasswords = this.deps.payPasswords;
    if (!payPasswords) throw new Error('CardService needs payPasswords for withdrawals');
    const card = await this.reads.cardRow(userId, body.cardId);
    if (card.status !== 'active') throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.withdrawMin) || amount.gt(product.withdrawMax))
      throw new CardError('card_amount_out_of_limits', { min: product.withdrawMin, max: product.withdrawMax });
    // With a withdrawal-fee coupon the card pays fee − discount (the issuer unloads exactly that).
    const fullFee = money(CARD_FEES.withdrawFee);
    const coupon = await this.feeCoupon(userId, body.couponId, 'card_withdrawal_fee', fullFee);
    const fee = fullFee.minus(coupon?.discount ?? 0);
    const keepRefusal = (balance: string) => {
      const max = money(balance).minus(fee).minus(CARD_FEES.minKeep);
      return new CardError('card_must_keep_minimum', {
        min: CARD_FEES.minKeep,
        max: formatFixed(max.gt(0) ? max : ZERO, 2),
      });
    };
    const balance = money(card.balance);
    if (balance.lt(amount.plus(fee))) throw new CardError('insufficient_card_balance');
    if (balance.minus(amount).minus(fee).lt(CARD_FEES.minKeep)) throw keepRefusal(card.balance);
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
      posting: (operationId) =>
        postings.withdraw({
          operationId,
          cardId: card.id,
          userId,
          amount: format(amount),
          fee: format(fullFee),
          currency: body.currency,
          discount: coupon?.discount,
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
        posting: (operationId) =>
          postings.close({ operationId, cardId, userId, amount: format(money(balance)), currency }),
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

  private async requireFunding(userId: string, total: ReturnType<typeof money>) {
    if ((await this.reads.cardFunding(userId)).lt(total))
      throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
  }
}
