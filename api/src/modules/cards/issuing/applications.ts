import { randomUUID } from 'node:crypto';
import { ADULT_AGE, ResultCode } from '@cardwallet/shared';
import { CARD_FEES, type CardEligibility, type CardProduct, type CardSummary } from '@cardwallet/shared/schemas';
import { redeemCoupon } from '../../coupons/redeem.js';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../../http/idempotency';
import { format, formatFixed, money } from '../../../ledger/money';
import { InsufficientBalanceError } from '../../../ledger/store';
import { CardError, cardNotFound, gate, inFlight } from '../errors';
import * as postings from '../postings';
import { CARD_PRODUCTS, productById } from '../products';
import { ADDRESS_COLUMNS, toAddress, type AddressRow } from './addresses';
import {
  ageOn,
  CARD_COLUMNS,
  CARD_FROM,
  FIX,
  issuerRefusal,
  toSummary,
  type CardRow,
  type CardServiceDeps,
} from '../model';
import type { CardReads } from '../reads';
import { wechatPayApplyFee, type PaidElsewhere } from '../wechat-pay/postings';

/**
 * Getting a card (docs/cards.md): the products, the apply gates (KYC, age, e-mail), applying
 * (application fee, issuer, idempotent on the client's key) and binding a physical card received by post.
 */
export class CardApplications {
  constructor(
    private readonly deps: CardServiceDeps,
    private readonly reads: CardReads,
  ) {}

  private get db() {
    return this.deps.db;
  }

  products() {
    return {
      products: CARD_PRODUCTS,
      gatewayFee: CARD_FEES.gatewayFee,
      gatewayFeeFreeFrom: CARD_FEES.gatewayFeeFreeFrom,
      withdrawFee: CARD_FEES.withdrawFee,
      minKeep: CARD_FEES.minKeep,
    };
  }

  /** The gate refusal for a card type, or null when the customer may apply. */
  private gateFor(type: CardProduct['type'], c: Awaited<ReturnType<CardReads['customer']>>): CardError | null {
    if (c.kycLevel < 1 || c.birthDate === null) return gate('kyc1_required', FIX.kyc1);
    if (ageOn(c.birthDate, this.deps.now()) < ADULT_AGE)
      return new CardError('card_under_age', {}, ResultCode.forbidden);
    if (type === 'physical') {
      if (c.kycLevel < 2) return gate('kyc2_required', FIX.kyc2);
      if (!c.email) return gate('email_binding_required', FIX.email);
    }
    return null;
  }

  async eligibility(userId: string): Promise<CardEligibility> {
    const [c, funding] = await Promise.all([this.reads.customer(userId), this.reads.cardFunding(userId)]);
    const verdict = (type: CardProduct['type']) => {
      const refusal = this.gateFor(type, c);
      return { allowed: refusal === null, reason: refusal?.key ?? null };
    };
    return {
      kycLevel: c.kycLevel,
      emailBound: c.email !== null,
      adult: c.birthDate === null ? null : ageOn(c.birthDate, this.deps.now()) >= ADULT_AGE,
      cardFunding: formatFixed(funding, 2),
      virtual: verdict('virtual'),
      physical: verdict('physical'),
    };
  }

  async apply(
    userId: string,
    idempotencyKey: string,
    body: { productId: string; pin: string; addressId?: string | undefined; couponId?: string | undefined },
    /** The fee was paid outside the wallet (WeChat Pay, issue 27): no wallet check, another posting. */
    paid?: PaidElsewhere,
  ): Promise<IdempotentResult<CardSummary>> {
    // The PIN is not part of the hash: a 6-digit secret must not be stored as a fast hash.
    const hash = requestHash({
      op: 'apply',
      productId: body.productId,
      addressId: body.addressId ?? null,
      couponId: body.couponId ?? null,
    });
    const result = await idempotentOperation<CardRow>({
      hash,
      find: async () =>
        (
          await this.db.query<CardRow>(
            `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.user_id = $1 AND c.idempotency_key = $2`,
            [userId, idempotencyKey],
          )
        )[0],
      // Held while the issuer makes the card: a duplicate is told to retry, never served twice.
      pending: (row) => row.status === 'applying',
      execute: () => this.applyOnce(userId, idempotencyKey, hash, body, paid),
      missing: inFlight,
    });
    return { response: toSummary(result.response), replayed: result.replayed };
  }

  private async applyOnce(
    userId: string,
    idempotencyKey: string,
    hash: string,
    body: { productId: string; pin: string; addressId?: string | undefined; couponId?: string | undefined },
    paid?: PaidElsewhere,
  ): Promise<CardRow | undefined> {
    const product = productById(body.productId);
    if (!product) throw new CardError('card_product_unavailable', {}, ResultCode.notFound);
    const refusal = this.gateFor(product.type, await this.reads.customer(userId));
    if (refusal) throw refusal;
    let shipping: AddressRow | null = null;
    if (product.type === 'physical') {
      if (!body.addressId) throw new CardError('card_address_required', {}, ResultCode.invalidParams);
      [shipping = null] = await this.db.query<AddressRow>(
        `SELECT ${ADDRESS_COLUMNS} FROM card_addresses WHERE id = $1 AND user_id = $2`,
        [body.addressId, userId],
      );
      if (!shipping) throw cardNotFound();
    }
    const fee = money(product.applicationFee);
    // With a coupon the posting itself decides (the discount is known only once it is redeemed).
    if (!paid && !body.couponId && (await this.reads.cardFunding(userId)).lt(fee))
      throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });

    const cardId = randomUUID();
    const inserted = await this.db.transaction(async (tx) => {
      // One application at a time per customer, so the per-product limit cannot be raced past.
      await tx.query(`SELECT id FROM users WHERE id = $1::bigint FOR UPDATE`, [userId]);
      const [held] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cards WHERE user_id = $1 AND product_id = $2 AND status <> 'closed'`,
        [userId, product.id],
      );
      if ((held?.n ?? 0) >= product.applyLimit) throw new CardError('card_apply_limit_reached');
      return tx.query<{ id: string }>(
        `INSERT INTO cards (id, user_id, product_id, type, brand, tier, status, shipping_address, application_fee, idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, 'applying', $7::jsonb, $8, $9, $10)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [
          cardId,
          userId,
          product.id,
          product.type,
          product.brand,
          product.tier,
          shipping ? JSON.stringify(toAddress(shipping)) : null,
          format(fee),
          idempotencyKey,
          hash,
        ],
      );
    });
    if (!inserted[0]) return undefined; // a concurrent duplicate holds the key

    let issued;
    try {
      issued = await this.deps.issuer.createCard({
        reference: cardId,
        brand: product.brand,
        type: product.type,
        pin: body.pin,
        shipping: shipping ? toAddress(shipping) : null,
        transactionFee: product.transactionFee,
        monthlyLimit: product.monthlyLimit,
        monthlyFee: product.monthlyFee,
      });
    } catch (e) {
      await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [cardId]);
      throw issuerRefusal(e, true);
    }

    try {
      await this.db.transaction(async (tx) => {
        // The coupon is used in the fee's own transaction: a failed application leaves it unused.
        const discount = body.couponId
          ? (
              await redeemCoupon(tx, {
                userId,
                couponId: body.couponId,
                scope: 'card_application_fee',
                feeAmount: fee.toFixed(2),
                reference: `card_apply:${cardId}`,
              })
            ).discount
          : '0';
        if (fee.gt(0))
          await postings.postCard(
            tx,
            paid
              ? wechatPayApplyFee({ cardId, userId, fee: format(fee), paid })
              : postings.applyFee({ cardId, userId, fee: format(fee), discount }),
          );
        await tx.query(
          `UPDATE cards SET status = 'inactivated', issuer_token = $2, last4 = $3, expiry = $4, shipping_status = $5 WHERE id = $1 AND status = 'applying'`,
          [cardId, issued.token, issued.last4, issued.expiry, product.type === 'physical' ? 'processing' : null],
        );
        await this.deps.events?.record(tx, {
          type: 'cards.issued',
          userId,
          aggregateId: cardId,
          payload: {
            productId: product.id,
            type: product.type,
            brand: product.brand,
            tier: product.tier,
            last4: issued.last4,
            fee: format(fee),
          },
        });
      });
    } catch (e) {
      await this.deps.issuer.setStatus(issued.token, 'closed').catch(() => undefined);
      await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [cardId]);
      if (e instanceof InsufficientBalanceError)
        throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
      throw e;
    }
    return this.reads.cardRow(userId, cardId);
  }

  /**
   * Binds a physical card received by post: Luhn and the product's BIN ranges are checked by the
   * caller; here the issuer confirms number + carrier code, and a card already on any customer's
   * account is refused with the same answer as a wrong code (never saying whose it is).
   */
  async bind(
    userId: string,
    found: { token: string; last4: string; expiry: string; brand: CardSummary['brand']; tier: string | null },
  ): Promise<CardSummary> {
    const tier = (found.tier ?? 'standard') as CardSummary['tier'];
    const product = productById(`physical-${found.brand}-${tier}`);
    if (!product) throw new CardError('card_bind_refused');
    const cardId = randomUUID();
    const inserted = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT id FROM users WHERE id = $1::bigint FOR UPDATE`, [userId]);
      // Already on an account (this customer's or another's): the same answer as a wrong code.
      const [taken] = await tx.query(`SELECT id FROM cards WHERE issuer_token = $1`, [found.token]);
      if (taken) return [];
      const [held] = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM cards WHERE user_id = $1 AND product_id = $2 AND status <> 'closed'`,
        [userId, product.id],
      );
      if ((held?.n ?? 0) >= product.applyLimit) throw new CardError('card_apply_limit_reached');
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO cards (id, user_id, product_id, type, brand, tier, status, issuer_token, last4, expiry, shipping_status, application_fee, idempotency_key, request_hash, bound_at)
         VALUES ($1, $2, $3, 'physical', $4, $5, 'inactivated', $6, $7, $8, 'delivered', 0, $9, $10, clock_timestamp())
         ON CONFLICT (issuer_token) DO NOTHING RETURNING id`,
        [
          cardId,
          userId,
          product.id,
          product.brand,
          product.tier,
          found.token,
          found.last4,
          found.expiry,
          `bind:${found.token}`,
          requestHash({ op: 'bind' }),
        ],
      );
      if (rows[0]) {
        await this.deps.events?.record(tx, {
          type: 'cards.bound',
          userId,
          aggregateId: cardId,
          payload: { cardId, last4: found.last4, brand: found.brand, type: 'physical' },
        });
      }
      return rows;
    });
    if (!inserted[0]) throw new CardError('card_bind_refused');
    return toSummary(await this.reads.cardRow(userId, cardId));
  }
}
