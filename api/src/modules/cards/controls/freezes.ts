import { randomUUID } from 'node:crypto';
import { ResultCode } from '@cardwallet/shared';
import { CARD_FEES, type CardSummary } from '@cardwallet/shared/schemas';
import { redeemCoupon } from '../../coupons/redeem.js';
import { formatFixed, money } from '../../../ledger/money';
import { InsufficientBalanceError } from '../../../ledger/store';
import { CardError } from '../errors';
import * as postings from '../postings';
import { FIX, issuerRefusal, toSummary, type CardServiceDeps } from '../model';
import type { CardReads } from '../reads';

/** Freezing: the customer's own freeze / unfreeze, and the request to lift a risk freeze (its fee, with an unfreeze-fee coupon). */
export class CardFreezes {
  constructor(
    private readonly deps: CardServiceDeps,
    private readonly reads: CardReads,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** Customer freeze / unfreeze: instant, at the issuer first (it is the one that declines purchases). */
  async setFrozen(userId: string, cardId: string, frozen: boolean): Promise<CardSummary> {
    const card = await this.reads.cardRow(userId, cardId);
    if (card.status === 'risk_frozen') throw new CardError('card_risk_frozen', {}, ResultCode.forbidden);
    if (frozen && card.status === 'frozen') return toSummary(card);
    if (!frozen && card.status === 'active') return toSummary(card);
    if (card.status !== (frozen ? 'active' : 'frozen'))
      throw new CardError(
        frozen ? 'card_not_active' : 'card_not_frozen',
        { status: card.status },
        ResultCode.forbidden,
      );
    await this.deps.issuer.setStatus(card.issuer_token!, frozen ? 'frozen' : 'active').catch((e: unknown) => {
      throw issuerRefusal(e, false);
    });
    await this.db.transaction(async (tx) => {
      await tx.query(`UPDATE cards SET status = $2 WHERE id = $1 AND status = $3`, [
        cardId,
        frozen ? 'frozen' : 'active',
        frozen ? 'active' : 'frozen',
      ]);
      await this.deps.events?.record(tx, {
        type: frozen ? 'cards.frozen' : 'cards.unfrozen',
        userId,
        aggregateId: `${cardId}:${randomUUID()}`,
        payload: { cardId, last4: card.last4, by: 'customer' },
      });
    });
    return toSummary(await this.reads.cardRow(userId, cardId));
  }

  /**
   * Unfreeze request after a risk freeze (spec §4): once per freeze, only after the freeze period,
   * 1 USD from the wallet's card-funding balance posted with the request; the issuer decides and
   * tells us by webhook (`card.status_changed` → active).
   */
  async requestUnfreeze(
    userId: string,
    cardId: string,
    couponId?: string,
  ): Promise<{ id: string; fee: string; status: 'pending'; card: CardSummary }> {
    const card = await this.reads.cardRow(userId, cardId);
    if (card.status !== 'risk_frozen' || !card.risk_frozen_at)
      throw new CardError('card_not_frozen', { status: card.status }, ResultCode.forbidden);
    if (card.unfreeze_requested) throw new CardError('card_unfreeze_already_applied');
    const from = new Date(card.risk_frozen_at).getTime() + (card.risk_freeze_days ?? 0) * 86_400_000;
    const now = this.deps.now().getTime();
    if (now < from) throw new CardError('card_unfreeze_too_early', { days: Math.ceil((from - now) / 86_400_000) });
    const fee = CARD_FEES.unfreezeFee;
    // With an unfreeze-fee coupon the posting decides (the discount is known once it is redeemed).
    if (!couponId && (await this.reads.cardFunding(userId)).lt(fee))
      throw new CardError('card_unfreeze_fee_insufficient', { fee }, undefined, { fix: FIX.fund });
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
          ? (
              await redeemCoupon(tx, {
                userId,
                couponId,
                scope: 'card_unfreeze_fee',
                feeAmount: money(fee).toFixed(2),
                reference: `card_unfreeze:${id}`,
              })
            ).discount
          : undefined;
        await postings.postCard(tx, postings.unfreezeFee({ requestId: id, userId, fee, discount }));
        await this.deps.events?.record(tx, {
          type: 'cards.unfreeze_requested',
          userId,
          aggregateId: id,
          payload: { cardId, last4: card.last4, fee },
        });
      });
    } catch (e) {
      if (e instanceof InsufficientBalanceError)
        throw new CardError('card_unfreeze_fee_insufficient', { fee }, undefined, { fix: FIX.fund });
      throw e;
    }
    return {
      id,
      fee: formatFixed(fee, 2),
      status: 'pending',
      card: toSummary(await this.reads.cardRow(userId, cardId)),
    };
  }
}
