import type { DomainEvents } from '../../events/domain-events.js';
import { previewCouponDiscount, redeemCoupon } from '../coupons/redeem.js';
import { randomUUID } from 'node:crypto';
import { ADULT_AGE, ResultCode } from '@cardwallet/shared';
import {
  CARD_FEES,
  cardGatewayFee,
  type CardAddress,
  type CardEligibility,
  type CardOperationRecord,
  type CardProduct,
  type CardSummary,
  type CardWalletCurrency,
  type CouponScope,
  type ShippingAddressInput,
} from '@cardwallet/shared/schemas';
import { format, formatFixed, money, ZERO } from '../../ledger/money';
import { InsufficientBalanceError } from '../../ledger/store';
import type { SqlDatabase, SqlRunner } from '../../ledger/sql';
import { CardIssuerError, type CardIssuer } from '../../providers/card-issuer/types';
import { idempotentOperation, requestHash, type IdempotentResult } from '../../http/idempotency';
import { CardError, cardNotFound, gate, inFlight, requirePayPassword } from './errors';
import * as postings from './postings';
import { CARD_PRODUCTS, productById } from './products';

export interface CardServiceDeps {
  db: SqlDatabase;
  issuer: CardIssuer;
  now: () => Date;
  /** The API's domain events (src/events): issued cards and completed operations are recorded with their postings. */
  events?: Pick<DomainEvents, 'record'>;
  /** The transaction password check (wallet/paypass.ts) a card → wallet withdrawal needs (spec §6). */
  payPasswords?: { verify(userId: string, password: string): Promise<void> };
}

/** The domain event of each completed card operation. */
const OPERATION_EVENT = { activate: 'cards.activated', topup: 'cards.topped_up', withdraw: 'cards.withdrawn', close: 'cards.closed' } as const;

/** The pages that fix each refusal (data.fix in the envelope). */
export const FIX = {
  kyc1: '/pages/user/kyc-lv1',
  kyc2: '/pages/card/sumsub',
  email: '/pages/user/bind-email',
  fund: '/pages/wallet/transfer',
  activate: '/pages/card/card-activation',
} as const;

interface CardRow {
  id: string;
  user_id: string;
  product_id: string;
  type: CardSummary['type'];
  brand: CardSummary['brand'];
  tier: CardSummary['tier'];
  status: CardSummary['status'] | 'applying';
  issuer_token: string | null;
  last4: string | null;
  expiry: string | null;
  first_name: string | null;
  last_name: string | null;
  shipping_status: CardSummary['shippingStatus'];
  request_hash: string;
  created_at: string | Date;
  activated_at: string | Date | null;
  balance: string;
  risk_frozen_at: string | Date | null;
  risk_freeze_days: number | null;
  bound_at: string | Date | null;
  unfreeze_requested: boolean;
}

const CARD_COLUMNS = `c.id, c.user_id, c.product_id, c.type, c.brand, c.tier, c.status, c.issuer_token, c.last4, c.expiry, c.first_name,
  c.last_name, c.shipping_status, c.request_hash, c.created_at, c.activated_at, coalesce(a.balance, 0)::text AS balance,
  c.risk_frozen_at, c.risk_freeze_days, c.bound_at,
  EXISTS (SELECT 1 FROM card_unfreeze_requests u WHERE u.card_id = c.id AND u.risk_frozen_at = c.risk_frozen_at) AS unfreeze_requested`;
const CARD_FROM = `cards c LEFT JOIN ledger_accounts a ON a.key = 'user:' || c.user_id || ':card:' || c.id || ':USD'`;

interface OperationRow {
  id: string;
  card_id: string;
  kind: CardOperationRecord['kind'];
  amount: string;
  fee: string;
  status: 'pending' | 'completed';
  request_hash: string;
  wallet_currency: CardWalletCurrency | null;
  created_at: string | Date;
}
const OPERATION_COLUMNS = `id, card_id, kind, amount::text AS amount, fee::text AS fee, status, request_hash, wallet_currency, created_at`;
/** A close that moved no money (the card was empty or already closed): no operation row is stored. */
interface EmptyClose {
  request_hash: string;
  status: 'completed';
}

/** A fee coupon on a card operation: its scope, the full fee and the discount shown. */
interface FeeCoupon {
  couponId: string;
  scope: CouponScope;
  fee: string;
  discount: string;
}

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function toSummary(r: CardRow): CardSummary {
  return {
    id: r.id,
    productId: r.product_id,
    type: r.type,
    brand: r.brand,
    tier: r.tier,
    status: r.status === 'applying' ? 'inactivated' : r.status,
    maskedNumber: `•••• ${r.last4 ?? '····'}`,
    last4: r.last4 ?? '',
    expiry: r.expiry ?? '',
    cardholder: r.first_name && r.last_name ? `${r.first_name} ${r.last_name}` : null,
    balance: formatFixed(r.balance, 2),
    currency: 'USD',
    shippingStatus: r.shipping_status,
    createdAt: iso(r.created_at)!,
    activatedAt: iso(r.activated_at),
    riskFreeze:
      r.status === 'risk_frozen' && r.risk_frozen_at
        ? {
            frozenAt: iso(r.risk_frozen_at)!,
            days: r.risk_freeze_days ?? 0,
            unfreezeFrom: new Date(new Date(r.risk_frozen_at).getTime() + (r.risk_freeze_days ?? 0) * 86_400_000).toISOString(),
            unfreezeRequested: r.unfreeze_requested,
          }
        : null,
    bound: r.bound_at !== null,
  };
}

function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/** A failed issuer call as the customer sees it. */
function issuerRefusal(e: unknown, onApply: boolean): unknown {
  if (!(e instanceof CardIssuerError)) return e;
  if (onApply) return new CardError('card_apply_failed');
  if (e.failure === 'timeout') return new CardError('card_issuer_timeout');
  if (e.failure === 'insufficient_funds') return new CardError('insufficient_card_balance');
  return new CardError('operation_failed');
}

/**
 * Cards, part 1 (docs/cards.md): products, applying, shipping addresses, activation, top-up and
 * withdrawal. Money moves only as balanced ledger postings (postings.ts); the issuer is called
 * between writing the operation row (which carries the client's idempotency key) and posting, and
 * reversed by reference if the posting is refused — so a failure anywhere leaves no money moved.
 */
export class CardService {
  constructor(private readonly deps: CardServiceDeps) {}

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

  private async customer(userId: string) {
    const [row] = await this.db.query<{ kyc_level: number; birth_date: string | null; email: string | null }>(
      `SELECT kyc_level::int AS kyc_level, birth_date::text AS birth_date, email FROM users WHERE id = $1::bigint`,
      [userId],
    );
    if (!row) throw new CardError('unauthenticated', {}, ResultCode.unauthenticated);
    return { kycLevel: row.kyc_level, birthDate: row.birth_date, email: row.email };
  }

  async cardFunding(userId: string, tx: SqlRunner = this.db) {
    const [row] = await tx.query<{ balance: string }>(`SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`, [postings.cardFundingKey(userId)]);
    return row ? money(row.balance) : ZERO;
  }

  /** The gate refusal for a card type, or null when the customer may apply. */
  private gateFor(type: CardProduct['type'], c: Awaited<ReturnType<CardService['customer']>>): CardError | null {
    if (c.kycLevel < 1 || c.birthDate === null) return gate('kyc1_required', FIX.kyc1);
    if (ageOn(c.birthDate, this.deps.now()) < ADULT_AGE) return new CardError('card_under_age', {}, ResultCode.forbidden);
    if (type === 'physical') {
      if (c.kycLevel < 2) return gate('kyc2_required', FIX.kyc2);
      if (!c.email) return gate('email_binding_required', FIX.email);
    }
    return null;
  }

  async eligibility(userId: string): Promise<CardEligibility> {
    const [c, funding] = await Promise.all([this.customer(userId), this.cardFunding(userId)]);
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

  // ---- Reads -------------------------------------------------------------------------------------

  async list(userId: string): Promise<{ cards: CardSummary[] }> {
    // The cards a customer can use come first (active, then frozen ones), then those still to be
    // activated, closing or closed; newest first within each: the card index, the home page and the
    // card pickers open on a card that works.
    const rows = await this.db.query<CardRow>(
      `SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.user_id = $1 AND c.status <> 'applying'
       ORDER BY CASE c.status WHEN 'active' THEN 0 WHEN 'frozen' THEN 1 WHEN 'risk_frozen' THEN 1 WHEN 'inactivated' THEN 2 WHEN 'cancelling' THEN 3 ELSE 4 END,
                c.created_at DESC, c.id`,
      [userId],
    );
    return { cards: rows.map(toSummary) };
  }

  private async cardRow(userId: string, cardId: string, tx: SqlRunner = this.db): Promise<CardRow> {
    const [row] = await tx.query<CardRow>(`SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.id = $1 AND c.user_id = $2 AND c.status <> 'applying'`, [cardId, userId]);
    if (!row) throw cardNotFound();
    return row;
  }

  async card(userId: string, cardId: string): Promise<CardSummary> {
    const row = await this.cardRow(userId, cardId);
    if (row.type === 'physical' && row.issuer_token && row.shipping_status !== 'delivered') {
      // The courier's progress is the issuer's to tell; keep our copy current when it is asked for.
      const status = await this.deps.issuer.shippingStatus(row.issuer_token).catch(() => row.shipping_status);
      if (status && status !== row.shipping_status) {
        await this.db.query(`UPDATE cards SET shipping_status = $2 WHERE id = $1`, [cardId, status]);
        row.shipping_status = status;
      }
    }
    return toSummary(row);
  }

  // ---- Shipping addresses ------------------------------------------------------------------------

  async addresses(userId: string): Promise<{ addresses: CardAddress[] }> {
    const rows = await this.db.query<AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM card_addresses WHERE user_id = $1 ORDER BY created_at DESC, id`, [userId]);
    return { addresses: rows.map(toAddress) };
  }

  async addAddress(userId: string, a: ShippingAddressInput): Promise<CardAddress> {
    const [count] = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM card_addresses WHERE user_id = $1`, [userId]);
    if ((count?.n ?? 0) >= 20) throw new CardError('operation_failed');
    const [row] = await this.db.query<AddressRow>(
      `INSERT INTO card_addresses (id, user_id, receiver, mobile, country, province, city, area, detail, postal_code)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${ADDRESS_COLUMNS}`,
      [randomUUID(), userId, a.receiver, a.mobile, a.country, a.province, a.city, a.area, a.detail, a.postalCode],
    );
    return toAddress(row!);
  }

  async updateAddress(userId: string, id: string, a: ShippingAddressInput): Promise<CardAddress> {
    const [row] = await this.db.query<AddressRow>(
      `UPDATE card_addresses SET receiver = $3, mobile = $4, country = $5, province = $6, city = $7, area = $8, detail = $9, postal_code = $10,
         updated_at = clock_timestamp() WHERE id = $1 AND user_id = $2 RETURNING ${ADDRESS_COLUMNS}`,
      [id, userId, a.receiver, a.mobile, a.country, a.province, a.city, a.area, a.detail, a.postalCode],
    );
    if (!row) throw cardNotFound();
    return toAddress(row);
  }

  async deleteAddress(userId: string, id: string): Promise<void> {
    const rows = await this.db.query(`DELETE FROM card_addresses WHERE id = $1 AND user_id = $2 RETURNING id`, [id, userId]);
    if (rows.length === 0) throw cardNotFound();
  }

  // ---- Apply -------------------------------------------------------------------------------------

  async apply(
    userId: string,
    idempotencyKey: string,
    body: { productId: string; pin: string; addressId?: string | undefined; couponId?: string | undefined },
  ): Promise<IdempotentResult<CardSummary>> {
    // The PIN is not part of the hash: a 6-digit secret must not be stored as a fast hash.
    const hash = requestHash({ op: 'apply', productId: body.productId, addressId: body.addressId ?? null, couponId: body.couponId ?? null });
    const result = await idempotentOperation<CardRow>({
      hash,
      find: async () => (await this.db.query<CardRow>(`SELECT ${CARD_COLUMNS} FROM ${CARD_FROM} WHERE c.user_id = $1 AND c.idempotency_key = $2`, [userId, idempotencyKey]))[0],
      // Held while the issuer makes the card: a duplicate is told to retry, never served twice.
      pending: (row) => row.status === 'applying',
      execute: () => this.applyOnce(userId, idempotencyKey, hash, body),
      missing: inFlight,
    });
    return { response: toSummary(result.response), replayed: result.replayed };
  }

  private async applyOnce(
    userId: string,
    idempotencyKey: string,
    hash: string,
    body: { productId: string; pin: string; addressId?: string | undefined; couponId?: string | undefined },
  ): Promise<CardRow | undefined> {
    const product = productById(body.productId);
    if (!product) throw new CardError('card_product_unavailable', {}, ResultCode.notFound);
    const refusal = this.gateFor(product.type, await this.customer(userId));
    if (refusal) throw refusal;
    let shipping: AddressRow | null = null;
    if (product.type === 'physical') {
      if (!body.addressId) throw new CardError('card_address_required', {}, ResultCode.invalidParams);
      [shipping = null] = await this.db.query<AddressRow>(`SELECT ${ADDRESS_COLUMNS} FROM card_addresses WHERE id = $1 AND user_id = $2`, [body.addressId, userId]);
      if (!shipping) throw cardNotFound();
    }
    const fee = money(product.applicationFee);
    // With a coupon the posting itself decides (the discount is known only once it is redeemed).
    if (!body.couponId && (await this.cardFunding(userId)).lt(fee)) throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });

    const cardId = randomUUID();
    const inserted = await this.db.transaction(async (tx) => {
      // One application at a time per customer, so the per-product limit cannot be raced past.
      await tx.query(`SELECT id FROM users WHERE id = $1::bigint FOR UPDATE`, [userId]);
      const [held] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM cards WHERE user_id = $1 AND product_id = $2 AND status <> 'closed'`, [
        userId,
        product.id,
      ]);
      if ((held?.n ?? 0) >= product.applyLimit) throw new CardError('card_apply_limit_reached');
      return tx.query<{ id: string }>(
        `INSERT INTO cards (id, user_id, product_id, type, brand, tier, status, shipping_address, application_fee, idempotency_key, request_hash)
         VALUES ($1, $2, $3, $4, $5, $6, 'applying', $7::jsonb, $8, $9, $10)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
        [cardId, userId, product.id, product.type, product.brand, product.tier, shipping ? JSON.stringify(toAddress(shipping)) : null, format(fee), idempotencyKey, hash],
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
          ? (await redeemCoupon(tx, { userId, couponId: body.couponId, scope: 'card_application_fee', feeAmount: fee.toFixed(2), reference: `card_apply:${cardId}` })).discount
          : '0';
        if (fee.gt(0)) await postings.postCard(tx, postings.applyFee({ cardId, userId, fee: format(fee), discount }));
        await tx.query(
          `UPDATE cards SET status = 'inactivated', issuer_token = $2, last4 = $3, expiry = $4, shipping_status = $5 WHERE id = $1 AND status = 'applying'`,
          [cardId, issued.token, issued.last4, issued.expiry, product.type === 'physical' ? 'processing' : null],
        );
        await this.deps.events?.record(tx, {
          type: 'cards.issued',
          userId,
          aggregateId: cardId,
          payload: { productId: product.id, type: product.type, brand: product.brand, tier: product.tier, last4: issued.last4, fee: format(fee) },
        });
      });
    } catch (e) {
      await this.deps.issuer.setStatus(issued.token, 'closed').catch(() => undefined);
      await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [cardId]);
      if (e instanceof InsufficientBalanceError) throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
      throw e;
    }
    return this.cardRow(userId, cardId);
  }

  // ---- Activation, top-up, withdrawal --------------------------------------------------------------

  async activate(
    userId: string,
    key: string,
    body: { cardId: string; firstName: string; lastName: string; mobile: string; amount: string },
  ): Promise<IdempotentResult<CardOperationRecord>> {
    const amount = money(body.amount);
    const hash = requestHash({ op: 'activate', cardId: body.cardId, amount: format(amount), firstName: body.firstName, lastName: body.lastName, mobile: body.mobile });
    return this.operation(userId, key, hash, () => this.activateOnce(userId, key, hash, body));
  }

  private async activateOnce(
    userId: string,
    key: string,
    hash: string,
    body: { cardId: string; firstName: string; lastName: string; mobile: string; amount: string },
  ): Promise<OperationRow | undefined> {
    const amount = money(body.amount);
    const card = await this.cardRow(userId, body.cardId);
    if ((await this.customer(userId)).kycLevel < 1) throw gate('kyc1_required', FIX.kyc1);
    if (card.status === 'active') throw new CardError('card_already_active');
    if (card.status !== 'inactivated') throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.firstTopUpMin)) throw new CardError('card_first_topup_minimum', { min: product.firstTopUpMin });
    if (amount.gt(product.topUpMax)) throw new CardError('card_amount_out_of_limits', { min: product.firstTopUpMin, max: product.topUpMax });
    const fee = money(cardGatewayFee(format(amount, 'USD')));
    await this.requireFunding(userId, amount.plus(fee));
    await this.deps.issuer.setCardholder(card.issuer_token!, body).catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    return this.move({
      kind: 'activate',
      userId,
      key,
      hash,
      card,
      amount: format(amount),
      fee: format(fee),
      issuerCall: (reference) => this.deps.issuer.load({ token: card.issuer_token!, amount: format(amount), reference }),
      posting: (operationId) => postings.topUp({ operationId, cardId: card.id, userId, amount: format(amount), fee: format(fee) }),
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

  async topUp(userId: string, key: string, body: { cardId: string; amount: string; couponId?: string | undefined }): Promise<IdempotentResult<CardOperationRecord>> {
    const hash = requestHash({ op: 'topup', cardId: body.cardId, amount: format(money(body.amount)), ...(body.couponId ? { couponId: body.couponId } : {}) });
    return this.operation(userId, key, hash, () => this.topUpOnce(userId, key, hash, body));
  }

  private async topUpOnce(userId: string, key: string, hash: string, body: { cardId: string; amount: string; couponId?: string | undefined }): Promise<OperationRow | undefined> {
    const amount = money(body.amount);
    const card = await this.cardRow(userId, body.cardId);
    if ((await this.customer(userId)).kycLevel < 1) throw gate('kyc1_required', FIX.kyc1);
    if (card.status === 'inactivated') throw gate('card_not_active', `${FIX.activate}?cardId=${encodeURIComponent(card.id)}`, { status: card.status });
    if (card.status !== 'active') throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.topUpMin) || amount.gt(product.topUpMax)) throw new CardError('card_amount_out_of_limits', { min: product.topUpMin, max: product.topUpMax });
    const fee = money(cardGatewayFee(format(amount, 'USD')));
    const coupon = await this.feeCoupon(userId, body.couponId, 'card_topup_gateway_fee', fee);
    await this.requireFunding(userId, amount.plus(fee).minus(coupon?.discount ?? 0));
    return this.move({
      kind: 'topup',
      userId,
      key,
      hash,
      card,
      amount: format(amount),
      fee: format(fee.minus(coupon?.discount ?? 0)),
      coupon,
      issuerCall: (reference) => this.deps.issuer.load({ token: card.issuer_token!, amount: format(amount), reference }),
      posting: (operationId) => postings.topUp({ operationId, cardId: card.id, userId, amount: format(amount), fee: format(fee), discount: coupon?.discount }),
    });
  }

  /** Card → wallet (spec §4, §6): the transaction password first, then the amount in `currency` 1:1, less nothing (the fee is on the card). */
  async withdraw(
    userId: string,
    key: string,
    body: { cardId: string; amount: string; currency: CardWalletCurrency; payPassword: string; couponId?: string | undefined },
  ): Promise<IdempotentResult<CardOperationRecord>> {
    const hash = requestHash({ op: 'withdraw', cardId: body.cardId, amount: format(money(body.amount)), currency: body.currency, ...(body.couponId ? { couponId: body.couponId } : {}) });
    return this.operation(userId, key, hash, () => this.withdrawOnce(userId, key, hash, body));
  }

  private async withdrawOnce(
    userId: string,
    key: string,
    hash: string,
    body: { cardId: string; amount: string; currency: CardWalletCurrency; payPassword: string; couponId?: string | undefined },
  ): Promise<OperationRow | undefined> {
    const amount = money(body.amount);
    const payPasswords = this.deps.payPasswords;
    if (!payPasswords) throw new Error('CardService needs payPasswords for withdrawals');
    const card = await this.cardRow(userId, body.cardId);
    if (card.status !== 'active') throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    const product = productById(card.product_id)!;
    if (amount.lt(product.withdrawMin) || amount.gt(product.withdrawMax)) throw new CardError('card_amount_out_of_limits', { min: product.withdrawMin, max: product.withdrawMax });
    // With a withdrawal-fee coupon the card pays fee − discount (the issuer unloads exactly that).
    const fullFee = money(CARD_FEES.withdrawFee);
    const coupon = await this.feeCoupon(userId, body.couponId, 'card_withdrawal_fee', fullFee);
    const fee = fullFee.minus(coupon?.discount ?? 0);
    const keepRefusal = (balance: string) => {
      const max = money(balance).minus(fee).minus(CARD_FEES.minKeep);
      return new CardError('card_must_keep_minimum', { min: CARD_FEES.minKeep, max: formatFixed(max.gt(0) ? max : ZERO, 2) });
    };
    const balance = money(card.balance);
    if (balance.lt(amount.plus(fee))) throw new CardError('insufficient_card_balance');
    if (balance.minus(amount).minus(fee).lt(CARD_FEES.minKeep)) throw keepRefusal(card.balance);
    return this.move({
      kind: 'withdraw',
      userId,
      key,
      hash,
      card,
      amount: format(amount),
      fee: format(fee),
      issuerCall: (reference) => this.deps.issuer.unload({ token: card.issuer_token!, amount: format(amount.plus(fee)), reference }),
      coupon,
      walletCurrency: body.currency,
      // Only the request that holds the key evaluates the password: retries and double taps of one
      // withdrawal never count as wrong tries against the transaction password's lockout.
      authorize: () => requirePayPassword(payPasswords, userId, body.payPassword),
      posting: (operationId) =>
        postings.withdraw({ operationId, cardId: card.id, userId, amount: format(amount), fee: format(fullFee), currency: body.currency, discount: coupon?.discount }),
      inTransaction: async (tx) => {
        // Under the lock ledger_post took on the card account: the rule holds however many race.
        const [row] = await tx.query<{ balance: string }>(`SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`, [postings.cardAccountKey(userId, card.id)]);
        if (!row || money(row.balance).lt(CARD_FEES.minKeep)) throw keepRefusal(format(money(row?.balance ?? '0').plus(amount).plus(fee)));
      },
      insufficient: () => new CardError('insufficient_card_balance'),
    });
  }

  /**
   * Close (spec §4): the card goes `cancelling` (frozen at the issuer, so nothing new is authorised),
   * its whole balance returns to the wallet in `currency` (1:1) in one posting and it ends
   * `closed` at the issuer and here. Pre-authorisations still holding money must complete first.
   */
  async close(userId: string, key: string, cardId: string, openHolds: (cardId: string) => Promise<number>, currency: CardWalletCurrency = 'USD'): Promise<IdempotentResult<CardSummary>> {
    const hash = requestHash({ op: 'close', cardId, currency });
    const result = await idempotentOperation<OperationRow | EmptyClose>({
      hash,
      find: () => this.operationByKey(userId, key),
      pending: (row) => row.status === 'pending',
      execute: () => this.closeOnce(userId, key, hash, cardId, openHolds, currency),
      missing: inFlight,
    });
    return { response: toSummary(await this.cardRow(userId, cardId)), replayed: result.replayed };
  }

  private async closeOnce(
    userId: string,
    key: string,
    hash: string,
    cardId: string,
    openHolds: (cardId: string) => Promise<number>,
    currency: CardWalletCurrency,
  ): Promise<OperationRow | EmptyClose | undefined> {
    const card = await this.cardRow(userId, cardId);
    if (card.status === 'closed') return { request_hash: hash, status: 'completed' };
    if (!['active', 'frozen', 'inactivated', 'cancelling'].includes(card.status)) throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
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
      closed = await this.move({
        kind: 'close',
        userId,
        key,
        hash,
        card: { ...card, status: 'cancelling' },
        amount: format(money(balance)),
        fee: '0',
        issuerCall: (reference) => this.deps.issuer.unload({ token, amount: format(money(balance)), reference }),
        walletCurrency: currency,
        posting: (operationId) => postings.close({ operationId, cardId, userId, amount: format(money(balance)), currency }),
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

  /** Customer freeze / unfreeze: instant, at the issuer first (it is the one that declines purchases). */
  async setFrozen(userId: string, cardId: string, frozen: boolean): Promise<CardSummary> {
    const card = await this.cardRow(userId, cardId);
    if (card.status === 'risk_frozen') throw new CardError('card_risk_frozen', {}, ResultCode.forbidden);
    if (frozen && card.status === 'frozen') return toSummary(card);
    if (!frozen && card.status === 'active') return toSummary(card);
    if (card.status !== (frozen ? 'active' : 'frozen')) throw new CardError(frozen ? 'card_not_active' : 'card_not_frozen', { status: card.status }, ResultCode.forbidden);
    await this.deps.issuer.setStatus(card.issuer_token!, frozen ? 'frozen' : 'active').catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE cards SET status = $2 WHERE id = $1 AND status = $3`, [cardId, frozen ? 'frozen' : 'active', frozen ? 'active' : 'frozen']);
      await this.deps.events?.record(tx, {
        type: frozen ? 'cards.frozen' : 'cards.unfrozen',
        userId,
        aggregateId: `${cardId}:${randomUUID()}`,
        payload: { cardId, last4: card.last4, by: 'customer' },
      });
    });
    return toSummary(await this.cardRow(userId, cardId));
  }

  /**
   * Unfreeze request after a risk freeze (spec §4): once per freeze, only after the freeze period,
   * 1 USD from the wallet's card-funding balance posted with the request; the issuer decides and
   * tells us by webhook (`card.status_changed` → active).
   */
  async requestUnfreeze(userId: string, cardId: string, couponId?: string): Promise<{ id: string; fee: string; status: 'pending'; card: CardSummary }> {
    const card = await this.cardRow(userId, cardId);
    if (card.status !== 'risk_frozen' || !card.risk_frozen_at) throw new CardError('card_not_frozen', { status: card.status }, ResultCode.forbidden);
    if (card.unfreeze_requested) throw new CardError('card_unfreeze_already_applied');
    const from = new Date(card.risk_frozen_at).getTime() + (card.risk_freeze_days ?? 0) * 86_400_000;
    const now = this.deps.now().getTime();
    if (now < from) throw new CardError('card_unfreeze_too_early', { days: Math.ceil((from - now) / 86_400_000) });
    const fee = CARD_FEES.unfreezeFee;
    // With an unfreeze-fee coupon the posting decides (the discount is known once it is redeemed).
    if (!couponId && (await this.cardFunding(userId)).lt(fee)) throw new CardError('card_unfreeze_fee_insufficient', { fee }, undefined, { fix: FIX.fund });
    const id = randomUUID();
    await this.deps.issuer.requestUnfreeze(card.issuer_token!, id).catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    try {
      await this.db.transaction(async (tx) => {
        const rows = await tx.query(
          `INSERT INTO card_unfreeze_requests (id, user_id, card_id, risk_frozen_at, fee, status) VALUES ($1, $2, $3, $4, $5, 'pending')
           ON CONFLICT (card_id, risk_frozen_at) DO NOTHING RETURNING id`,
          [id, userId, cardId, new Date(card.risk_frozen_at!).toISOString(), fee],
        );
        if (!rows[0]) throw new CardError('card_unfreeze_already_applied');
        const discount = couponId
          ? (await redeemCoupon(tx, { userId, couponId, scope: 'card_unfreeze_fee', feeAmount: money(fee).toFixed(2), reference: `card_unfreeze:${id}` })).discount
          : undefined;
        await postings.postCard(tx, postings.unfreezeFee({ requestId: id, userId, fee, discount }));
        await this.deps.events?.record(tx, { type: 'cards.unfreeze_requested', userId, aggregateId: id, payload: { cardId, last4: card.last4, fee } });
      });
    } catch (e) {
      if (e instanceof InsufficientBalanceError) throw new CardError('card_unfreeze_fee_insufficient', { fee }, undefined, { fix: FIX.fund });
      throw e;
    }
    return { id, fee: formatFixed(fee, 2), status: 'pending', card: toSummary(await this.cardRow(userId, cardId)) };
  }

  /** The card's issuer token after the ownership check (controls that talk to the issuer). */
  async ownedToken(userId: string, cardId: string): Promise<{ token: string; status: CardSummary['status'] | 'applying'; cardholder: string | null }> {
    const card = await this.cardRow(userId, cardId);
    return { token: card.issuer_token!, status: card.status, cardholder: card.first_name && card.last_name ? `${card.first_name} ${card.last_name}` : null };
  }

  /**
   * Binds a physical card received by post: Luhn and the product's BIN ranges are checked by the
   * caller; here the issuer confirms number + carrier code, and a card already on any customer's
   * account is refused with the same answer as a wrong code (never saying whose it is).
   */
  async bind(userId: string, found: { token: string; last4: string; expiry: string; brand: CardSummary['brand']; tier: string | null }): Promise<CardSummary> {
    const tier = (found.tier ?? 'standard') as CardSummary['tier'];
    const product = productById(`physical-${found.brand}-${tier}`);
    if (!product) throw new CardError('card_bind_refused');
    const cardId = randomUUID();
    const inserted = await this.db.transaction(async (tx) => {
      await tx.query(`SELECT id FROM users WHERE id = $1::bigint FOR UPDATE`, [userId]);
      // Already on an account (this customer's or another's): the same answer as a wrong code.
      const [taken] = await tx.query(`SELECT id FROM cards WHERE issuer_token = $1`, [found.token]);
      if (taken) return [];
      const [held] = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM cards WHERE user_id = $1 AND product_id = $2 AND status <> 'closed'`, [userId, product.id]);
      if ((held?.n ?? 0) >= product.applyLimit) throw new CardError('card_apply_limit_reached');
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO cards (id, user_id, product_id, type, brand, tier, status, issuer_token, last4, expiry, shipping_status, application_fee, idempotency_key, request_hash, bound_at)
         VALUES ($1, $2, $3, 'physical', $4, $5, 'inactivated', $6, $7, $8, 'delivered', 0, $9, $10, clock_timestamp())
         ON CONFLICT (issuer_token) DO NOTHING RETURNING id`,
        [cardId, userId, product.id, product.brand, product.tier, found.token, found.last4, found.expiry, `bind:${found.token}`, requestHash({ op: 'bind' })],
      );
      if (rows[0]) {
        await this.deps.events?.record(tx, { type: 'cards.bound', userId, aggregateId: cardId, payload: { cardId, last4: found.last4, brand: found.brand, type: 'physical' } });
      }
      return rows;
    });
    if (!inserted[0]) throw new CardError('card_bind_refused');
    return toSummary(await this.cardRow(userId, cardId));
  }

  /**
   * The discount a fee coupon will give, known before the issuer is called (coupon scopes
   * top-up gateway fee, withdrawal fee). A coupon that cannot apply — not the customer's, used,
   * expired, another fee's, or a fee of 0 — is refused before anything moves.
   */
  private async feeCoupon(userId: string, couponId: string | undefined, scope: CouponScope, fee: ReturnType<typeof money>): Promise<FeeCoupon | null> {
    if (!couponId) return null;
    const discount = fee.gt(0) ? await previewCouponDiscount(this.db, { userId, couponId, scope, feeAmount: fee.toFixed(2) }) : null;
    if (discount === null || money(discount).isZero()) throw new CardError('coupon_not_applicable');
    return { couponId, scope, fee: fee.toFixed(2), discount };
  }

  private async requireFunding(userId: string, total: ReturnType<typeof money>) {
    if ((await this.cardFunding(userId)).lt(total)) throw new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
  }

  /**
   * The one path every card money movement takes:
   * 1. the operation row with the client's key is inserted as `pending` (a concurrent duplicate
   *    finds it and waits for / replays the original);
   * 2. the issuer moves the money, idempotent on the operation id;
   * 3. one transaction posts the ledger entries, runs the operation's own checks and marks it
   *    `completed`. If 2 or 3 fails, the issuer movement is reversed and the row deleted: no money
   *    moved, and a retry with the same key is evaluated afresh. A row left `pending` by a crash is
   *    unwound by `recoverPending`.
   */
  private async move(op: {
    kind: CardOperationRecord['kind'];
    userId: string;
    key: string;
    hash: string;
    card: CardRow;
    amount: string;
    fee: string;
    /** Withdrawals and closes: the wallet currency the money goes to. */
    walletCurrency?: CardWalletCurrency;
    /** A fee coupon whose discount `posting` already counts: redeemed in the posting's transaction. */
    coupon?: FeeCoupon | null;
    /** Checked once the key is held and before the issuer moves anything (the transaction password). */
    authorize?: () => Promise<void>;
    issuerCall: (reference: string) => Promise<unknown>;
    posting: (operationId: string) => postings.CardPosting;
    inTransaction?: (tx: SqlRunner) => Promise<void>;
    insufficient?: () => CardError;
  }): Promise<OperationRow | undefined> {
    const id = randomUUID();
    const inserted = await this.db.query<{ id: string }>(
      `INSERT INTO card_operations (id, user_id, card_id, kind, amount, fee, status, idempotency_key, request_hash, wallet_currency)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $8, $9) ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING id`,
      [id, op.userId, op.card.id, op.kind, op.amount, op.fee, op.key, op.hash, op.walletCurrency ?? null],
    );
    if (!inserted[0]) return undefined; // a concurrent duplicate holds the key: idempotentOperation answers it
    if (op.authorize) {
      try {
        await op.authorize();
      } catch (e) {
        await this.db.query(`DELETE FROM card_operations WHERE id = $1 AND status = 'pending'`, [id]);
        throw e;
      }
    }
    const unwind = async () => {
      try {
        await this.deps.issuer.reverse(id);
        await this.db.query(`DELETE FROM card_operations WHERE id = $1 AND status = 'pending'`, [id]);
      } catch {
        // The issuer is unreachable: the row stays pending and recoverPending reverses it later.
      }
    };
    try {
      await op.issuerCall(id);
    } catch (e) {
      await unwind();
      throw issuerRefusal(e, false);
    }
    try {
      await this.db.transaction(async (tx) => {
        if (op.coupon) {
          // Used at most once however many race; a discount other than the one shown refuses (rolls back).
          const redeemed = await redeemCoupon(tx, { userId: op.userId, couponId: op.coupon.couponId, scope: op.coupon.scope, feeAmount: op.coupon.fee, reference: `card_op:${id}` });
          if (redeemed.discount !== op.coupon.discount) throw new CardError('coupon_not_applicable');
        }
        await postings.postCard(tx, op.posting(id));
        if (op.inTransaction) await op.inTransaction(tx);
        await tx.query(`UPDATE card_operations SET status = 'completed', completed_at = clock_timestamp() WHERE id = $1`, [id]);
        await this.deps.events?.record(tx, {
          type: OPERATION_EVENT[op.kind],
          userId: op.userId,
          aggregateId: id,
          payload: {
            cardId: op.card.id,
            last4: op.card.last4,
            brand: op.card.brand,
            amount: op.amount,
            fee: op.fee,
            walletCurrency: op.walletCurrency ?? null,
            ...(op.coupon ? { couponId: op.coupon.couponId, discount: op.coupon.discount } : {}),
          },
        });
      });
    } catch (e) {
      await unwind();
      if (e instanceof InsufficientBalanceError) throw op.insufficient ? op.insufficient() : new CardError('insufficient_wallet_balance', {}, undefined, { fix: FIX.fund });
      throw e;
    }
    const [row] = await this.db.query<OperationRow>(`SELECT ${OPERATION_COLUMNS} FROM card_operations WHERE id = $1`, [id]);
    return row;
  }

  /**
   * A card money movement under the API's one idempotency mechanism (http/idempotency.ts): the
   * operation row carries the key; while it is `pending` (the issuer is being called) a duplicate
   * answers `idempotency_key_in_flight`; once completed it is replayed with `Idempotent-Replayed`.
   */
  private async operation(userId: string, key: string, hash: string, execute: () => Promise<OperationRow | undefined>): Promise<IdempotentResult<CardOperationRecord>> {
    const result = await idempotentOperation<OperationRow>({
      hash,
      find: () => this.operationByKey(userId, key),
      pending: (row) => row.status === 'pending',
      execute,
      missing: inFlight,
    });
    return { response: await this.toOperation(userId, result.response), replayed: result.replayed };
  }

  private async operationByKey(userId: string, key: string): Promise<OperationRow | undefined> {
    const [row] = await this.db.query<OperationRow>(`SELECT ${OPERATION_COLUMNS} FROM card_operations WHERE user_id = $1 AND idempotency_key = $2`, [userId, key]);
    return row;
  }

  private async toOperation(userId: string, row: OperationRow): Promise<CardOperationRecord> {
    return {
      id: row.id,
      cardId: row.card_id,
      kind: row.kind,
      amount: formatFixed(row.amount, 2),
      fee: formatFixed(row.fee, 2),
      walletCurrency: row.wallet_currency,
      createdAt: iso(row.created_at)!,
      card: toSummary(await this.cardRow(userId, row.card_id)),
    };
  }

  /** Unwinds operations a crash left pending (issuer reversed by reference, row deleted). */
  async recoverPending(olderThanMs = 120_000): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - olderThanMs).toISOString();
    const rows = await this.db.query<{ id: string }>(`SELECT id FROM card_operations WHERE status = 'pending' AND created_at < $1 ORDER BY created_at LIMIT 100`, [cutoff]);
    let n = 0;
    for (const { id } of rows) {
      try {
        await this.deps.issuer.reverse(id);
        await this.db.query(`DELETE FROM card_operations WHERE id = $1 AND status = 'pending'`, [id]);
        n++;
      } catch {
        // still unreachable: next round
      }
    }
    const stale = await this.db.query<{ id: string; issuer_token: string | null }>(`SELECT id, issuer_token FROM cards WHERE status = 'applying' AND created_at < $1 LIMIT 100`, [cutoff]);
    for (const c of stale) {
      if (c.issuer_token) await this.deps.issuer.setStatus(c.issuer_token, 'closed').catch(() => undefined);
      await this.db.query(`DELETE FROM cards WHERE id = $1 AND status = 'applying'`, [c.id]);
    }
    return n;
  }

  /** Sandbox control: the physical card's courier moves one step (the issuer's state). */
  async tokenOf(cardId: string): Promise<{ token: string; userId: string } | null> {
    const [row] = await this.db.query<{ issuer_token: string | null; user_id: string }>(`SELECT issuer_token, user_id FROM cards WHERE id = $1`, [cardId]);
    return row?.issuer_token ? { token: row.issuer_token, userId: row.user_id } : null;
  }
}

interface AddressRow {
  id: string;
  receiver: string;
  mobile: string;
  country: string;
  province: string;
  city: string;
  area: string;
  detail: string;
  postal_code: string;
}
const ADDRESS_COLUMNS = `id, receiver, mobile, country, province, city, area, detail, postal_code`;
const toAddress = (r: AddressRow): CardAddress => ({
  id: r.id,
  receiver: r.receiver,
  mobile: r.mobile,
  country: r.country,
  province: r.province,
  city: r.city,
  area: r.area,
  detail: r.detail,
  postalCode: r.postal_code,
});
