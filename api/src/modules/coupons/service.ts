import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { paginate, ResultCode } from '@cardwallet/shared';
import type { Coupon, CouponList, CouponScope, CouponState, IssueCouponsBody } from '@cardwallet/shared/schemas';
import { pgErrorCode } from '../../db/index.js';
import { BusinessError, InvalidParamsError } from '../../http/errors.js';
import { couponNotFound } from './redeem.js';

/** Unambiguous alphabet (no 0/O, 1/I/L): codes are read off screens and typed by hand. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const RANDOM_CODE_LENGTH = 12;

export function randomCouponCode(): string {
  let code = '';
  for (let i = 0; i < RANDOM_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

interface CouponRow {
  id: string;
  code: string;
  scope: CouponScope;
  discount_type: 'fixed' | 'percent';
  discount_value: string;
  discount_cap: string | null;
  valid_until: Date | string;
  state: CouponState;
  bound_at: Date | string;
  used_at: Date | string | null;
  used_discount: string | null;
}

const iso = (d: Date | string) => new Date(d).toISOString();
/** NUMERIC(20,2) text → "10.00" stays "10.00"; the page formats it with Intl.NumberFormat. */
function toCoupon(r: CouponRow): Coupon {
  return {
    id: r.id,
    code: r.code,
    scope: r.scope,
    discountType: r.discount_type,
    discountValue: r.discount_type === 'percent' ? String(Number(r.discount_value)) : r.discount_value,
    discountCap: r.discount_cap,
    currency: 'USD',
    validUntil: iso(r.valid_until),
    state: r.state,
    boundAt: iso(r.bound_at),
    usedAt: r.used_at ? iso(r.used_at) : null,
    usedDiscount: r.used_discount,
  };
}

const COUPON_SELECT = `select uc.id::text as id, c.code, b.scope, b.discount_type, b.discount_value::text as discount_value,
       b.discount_cap::text as discount_cap, b.valid_until, coupon_state(uc.used_at, b.valid_until, now()) as state,
       uc.bound_at, uc.used_at, uc.used_discount::text as used_discount
  from user_coupons uc join coupon_codes c on c.id = uc.code_id join coupon_batches b on b.id = c.batch_id`;

export class CouponsService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.sql;
  }

  /** Administrators: one batch of `quantity` codes (random, or the chosen `code` when quantity is 1). */
  async issue(
    adminId: string,
    body: IssueCouponsBody & { maxUses: number },
  ): Promise<{ batchId: string; codes: string[] }> {
    if (new Date(body.validUntil).getTime() <= Date.now())
      throw new InvalidParamsError({ validUntil: 'validation.invalid' });
    for (let attempt = 0; attempt < 3; attempt++) {
      const codes = body.code ? [body.code] : Array.from({ length: body.quantity }, randomCouponCode);
      if (new Set(codes).size !== codes.length) continue;
      try {
        return await this.db.transaction(async (tx) => {
          const [batch] = await tx.query<{ id: string }>(
            `insert into coupon_batches (name, scope, discount_type, discount_value, discount_cap, valid_until, quantity, max_uses, created_by)
             values ($1, $2, $3, $4::numeric, $5::numeric, $6, $7, $8, $9::bigint) returning id::text as id`,
            [
              body.name,
              body.scope,
              body.discountType,
              body.discountValue,
              body.discountType === 'percent' ? body.discountCap : null,
              body.validUntil,
              codes.length,
              body.maxUses,
              adminId,
            ],
          );
          await tx.query(
            `insert into coupon_codes (batch_id, code, max_uses) select $1::bigint, code, $3 from unnest($2::text[]) as code`,
            [batch!.id, codes, body.maxUses],
          );
          return { batchId: batch!.id, codes };
        });
      } catch (e) {
        if (pgErrorCode(e) !== '23505') throw e;
        // A chosen code that exists is the admin's mistake; a random collision is retried.
        if (body.code) throw new InvalidParamsError({ code: 'validation.invalid' });
      }
    }
    throw new BusinessError('operation_failed');
  }

  /** Administrators: end a batch's validity now (a campaign withdrawn early); bound coupons turn "expired". */
  async endBatch(batchId: string): Promise<void> {
    if (!/^\d{1,18}$/.test(batchId)) throw new BusinessError('not_found', {}, { code: ResultCode.notFound });
    const rows = await this.db.query(
      `update coupon_batches set valid_until = least(valid_until, now()) where id = $1::bigint returning id`,
      [batchId],
    );
    if (rows.length === 0) throw new BusinessError('not_found', {}, { code: ResultCode.notFound });
  }

  async batches(page: number, perPage: number) {
    const [count] = await this.db.query<{ n: number }>(`select count(*)::int as n from coupon_batches`);
    const rows = await this.db.query<{
      id: string;
      name: string;
      scope: CouponScope;
      discount_type: 'fixed' | 'percent';
      discount_value: string;
      discount_cap: string | null;
      valid_until: Date | string;
      quantity: number;
      max_uses: number;
      bound: number;
      used: number;
      created_at: Date | string;
    }>(
      `select b.id::text as id, b.name, b.scope, b.discount_type, b.discount_value::text as discount_value, b.discount_cap::text as discount_cap,
              b.valid_until, b.quantity, b.max_uses,
              (select count(*)::int from user_coupons uc join coupon_codes c on c.id = uc.code_id where c.batch_id = b.id) as bound,
              (select count(*)::int from user_coupons uc join coupon_codes c on c.id = uc.code_id where c.batch_id = b.id and uc.used_at is not null) as used,
              b.created_at
         from coupon_batches b order by b.id desc limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    return paginate(
      rows.map((r) => ({
        id: r.id,
        name: r.name,
        scope: r.scope,
        discountType: r.discount_type,
        discountValue: r.discount_value,
        discountCap: r.discount_cap,
        validUntil: iso(r.valid_until),
        quantity: r.quantity,
        maxUses: r.max_uses,
        bound: r.bound,
        used: r.used,
        createdAt: iso(r.created_at),
      })),
      count?.n ?? 0,
      page,
      perPage,
    );
  }

  /**
   * Binds a code to the customer. Refusals, in this order: unknown → coupon_not_found, expired →
   * coupon_expired, this customer has it → coupon_already_bound, its binds are used up (a
   * personal code bound by someone else) → coupon_bound_by_other.
   */
  async bind(userId: string, code: string): Promise<Coupon> {
    const id = await this.db.transaction(async (tx) => {
      // Lock the code so concurrent binders of a shared code count one at a time.
      const [c] = await tx.query<{ id: string; expired: boolean; max_uses: number; bound_count: number }>(
        `select c.id::text as id, b.valid_until <= now() as expired, c.max_uses, c.bound_count
           from coupon_codes c join coupon_batches b on b.id = c.batch_id where c.code = $1 for update of c`,
        [code],
      );
      if (!c) throw couponNotFound();
      if (c.expired) throw new BusinessError('coupon_expired');
      const mine = await tx.query(`select 1 from user_coupons where code_id = $1::bigint and user_id = $2::bigint`, [
        c.id,
        userId,
      ]);
      if (mine.length > 0) throw new BusinessError('coupon_already_bound');
      if (c.bound_count >= c.max_uses) throw new BusinessError('coupon_bound_by_other');
      await tx.query(`update coupon_codes set bound_count = bound_count + 1 where id = $1::bigint`, [c.id]);
      const [row] = await tx.query<{ id: string }>(
        `insert into user_coupons (code_id, user_id) values ($1::bigint, $2::bigint) returning id::text as id`,
        [c.id, userId],
      );
      return row!.id;
    });
    return (await this.one(userId, id))!;
  }

  async one(userId: string, couponId: string): Promise<Coupon | undefined> {
    const [row] = await this.db.query<CouponRow>(
      `${COUPON_SELECT} where uc.id = $1::bigint and uc.user_id = $2::bigint`,
      [couponId, userId],
    );
    return row ? toCoupon(row) : undefined;
  }

  /**
   * The customer's coupons in one state, the state computed now from the database clock.
   * available: soonest to expire first; used: latest used first; expired: latest expired first.
   */
  async list(
    userId: string,
    state: CouponState,
    page: number,
    perPage: number,
    scope?: CouponScope,
  ): Promise<CouponList> {
    const order =
      state === 'available'
        ? 'b.valid_until asc, uc.id asc'
        : state === 'used'
          ? 'uc.used_at desc, uc.id desc'
          : 'b.valid_until desc, uc.id desc';
    return this.db.transaction(async (tx) => {
      // One transaction → one now(): the counts and the page agree on every coupon's state.
      const counts = await tx.query<{ state: CouponState; n: number }>(
        `select coupon_state(uc.used_at, b.valid_until, now()) as state, count(*)::int as n
           from user_coupons uc join coupon_codes c on c.id = uc.code_id join coupon_batches b on b.id = c.batch_id
          where uc.user_id = $1::bigint and ($2::text is null or b.scope = $2) group by 1`,
        [userId, scope ?? null],
      );
      const rows = await tx.query<CouponRow>(
        `${COUPON_SELECT} where uc.user_id = $1::bigint and coupon_state(uc.used_at, b.valid_until, now()) = $2 and ($5::text is null or b.scope = $5)
          order by ${order} limit $3 offset $4`,
        [userId, state, perPage, (page - 1) * perPage, scope ?? null],
      );
      const byState = { available: 0, used: 0, expired: 0 };
      for (const c of counts) byState[c.state] = c.n;
      return { ...paginate(rows.map(toCoupon), byState[state], page, perPage), counts: byState };
    });
  }
}

export { couponNotFound };
