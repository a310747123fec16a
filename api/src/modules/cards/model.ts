import { CardIssuerError, type CardIssuer } from '../../providers/card-issuer/types';
import type { DomainEvents } from '../../events/domain-events.js';
import type { SqlDatabase } from '../../ledger/sql';
import type { CardOperationRecord, CardSummary, CardWalletCurrency, CouponScope } from '@cardwallet/shared/schemas';
import { format, formatFixed, money } from '../../ledger/money';
import { CardError } from './errors';
import type { FundingLots } from './moves/funding-lots';

/** What the card services share: the rows they read and how a card is shown (docs/cards.md). */

export interface CardServiceDeps {
  db: SqlDatabase;
  issuer: CardIssuer;
  now: () => Date;
  /** The API's domain events (src/events): issued cards and completed operations are recorded with their postings. */
  events?: Pick<DomainEvents, 'record'>;
  /** The transaction password check (wallet/pay-password/paypass.ts) a card → wallet withdrawal needs (spec §6). */
  payPasswords?: { verify(userId: string, password: string): Promise<void> };
  /** Funding lots: how money returns to the wallet (funding-lots.ts). Withdrawals and closes need it. */
  lots?: FundingLots;
}

/** The reveal's proof: the transaction password or a passkey assertion (card-forms cardRevealBody). */
export type RevealProof =
  | { payPassword?: string; passkey?: undefined }
  | { passkey: { ceremonyId: string; response: unknown }; payPassword?: undefined };
/** Resolves when `proof` is a valid, unused passkey assertion of `userId`; throws a BusinessError otherwise. */
export type PasskeyProofVerifier = (
  userId: string,
  proof: { ceremonyId: string; response: unknown },
) => Promise<unknown>;

/** The domain event of each completed card operation. */
export const OPERATION_EVENT = {
  activate: 'cards.activated',
  topup: 'cards.topped_up',
  withdraw: 'cards.withdrawn',
  close: 'cards.closed',
  dispute_recovery: 'cards.dispute_recovered',
} as const;

/** The pages that fix each refusal (data.fix in the envelope). */
export const FIX = {
  kyc1: '/pages/user/kyc-lv1',
  kyc2: '/pages/card/sumsub',
  email: '/pages/user/bind-email',
  fund: '/pages/wallet/transfer',
  activate: '/pages/card/card-activation',
} as const;

export interface CardRow {
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

export const CARD_COLUMNS = `c.id, c.user_id, c.product_id, c.type, c.brand, c.tier, c.status, c.issuer_token, c.last4, c.expiry, c.first_name,
  c.last_name, c.shipping_status, c.request_hash, c.created_at, c.activated_at, coalesce(a.balance, 0)::text AS balance,
  c.risk_frozen_at, c.risk_freeze_days, c.bound_at,
  EXISTS (SELECT 1 FROM card_unfreeze_requests u WHERE u.card_id = c.id AND u.risk_frozen_at = c.risk_frozen_at) AS unfreeze_requested`;
export const CARD_FROM = `cards c LEFT JOIN ledger_accounts a ON a.key = 'user:' || c.user_id || ':card:' || c.id || ':USD'`;

export interface OperationRow {
  id: string;
  card_id: string;
  kind: CardOperationRecord['kind'];
  amount: string;
  fee: string;
  status: 'pending' | 'completed';
  request_hash: string;
  wallet_currency: CardWalletCurrency | null;
  /** What reached the wallet in wallet_currency (null: before funding lots, 1:1). */
  wallet_amount: string | null;
  created_at: string | Date;
}
export const OPERATION_COLUMNS = `id, card_id, kind, amount::text AS amount, fee::text AS fee, status, request_hash, wallet_currency, wallet_amount::text AS wallet_amount, created_at`;
/** What a withdrawal or close refund put in the wallet (a move recorded before funding lots: 1:1). */
export function walletAmountOf(row: OperationRow): string | null {
  if (!row.wallet_currency) return null;
  const value = money(row.wallet_amount ?? row.amount);
  return row.wallet_currency === 'USD' ? formatFixed(value, 2) : format(value, row.wallet_currency);
}
/** A close that moved no money (the card was empty or already closed): no operation row is stored. */
export interface EmptyClose {
  request_hash: string;
  status: 'completed';
}

/** A fee coupon on a card operation: its scope, the full fee and the discount shown. */
export interface FeeCoupon {
  couponId: string;
  scope: CouponScope;
  fee: string;
  discount: string;
}

export const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function toSummary(r: CardRow): CardSummary {
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
            unfreezeFrom: new Date(
              new Date(r.risk_frozen_at).getTime() + (r.risk_freeze_days ?? 0) * 86_400_000,
            ).toISOString(),
            unfreezeRequested: r.unfreeze_requested,
          }
        : null,
    bound: r.bound_at !== null,
  };
}

export function ageOn(birthDate: string, today: Date): number {
  const [y, m, d] = birthDate.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age--;
  return age;
}

/** A failed issuer call as the customer sees it. */
export function issuerRefusal(e: unknown, onApply: boolean): unknown {
  if (!(e instanceof CardIssuerError)) return e;
  if (onApply) return new CardError('card_apply_failed');
  if (e.failure === 'timeout') return new CardError('card_issuer_timeout');
  if (e.failure === 'insufficient_funds') return new CardError('insufficient_card_balance');
  return new CardError('operation_failed');
}
