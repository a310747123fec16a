import { ResultCode } from '@cardwallet/shared';
import type { CardDetails, CardSummary } from '@cardwallet/shared/schemas';
import { BusinessError, rateLimited } from '../../../http/errors.js';
import type { SqlDatabase } from '../../../ledger/sql';
import { isLuhnValid, PRODUCT_BINS } from '../../../providers/card-issuer/pan';
import { REVEAL_GRANT_SECONDS } from '../../../providers/card-issuer/sandbox';
import { CardIssuerError, type CardIssuer } from '../../../providers/card-issuer/types';
import type { PayPasswords } from '../../wallet/pay-password/paypass.js';
import { guardedAttempt } from '../../../security/lockout.js';
import { requireStepUp } from '../../../security/step-up.js';
import { CardError, cardNotFound } from '../errors';
import type { PasskeyProofVerifier, RevealProof } from '../model';
import type { CardService } from '../service';

/** Failed bindings per customer per 24 hours before binding pauses (carrier codes must not be guessable). */
export const BIND_MAX_FAILURES = 10;
const BIND_POLICY = { max: BIND_MAX_FAILURES, windowSeconds: 86_400, lockSeconds: 86_400 };
/** How long a revealed card number stays on screen. */
export const DETAILS_VISIBLE_SECONDS = 30;

const usable = (status: string) => !['closed', 'cancelling', 'applying'].includes(status);

/**
 * The card controls that talk to the issuer without moving money: PIN / ATM PIN, the details reveal
 * behind the transaction password, binding a physical card. Nothing secret passes through our
 * storage or logs: PINs go straight to the issuer; the reveal is a single-use, short-lived grant
 * from the issuer redeemed once, answered with `Cache-Control: no-store`.
 */
export class CardControls {
  constructor(
    private readonly deps: {
      db: SqlDatabase;
      issuer: CardIssuer;
      cards: CardService;
      payPasswords: PayPasswords;
      now: () => Date;
    },
  ) {}

  async setPin(userId: string, body: { cardId: string; kind: 'pin' | 'atm'; pin: string }): Promise<{ ok: true }> {
    const card = await this.deps.cards.ownedToken(userId, body.cardId);
    if (!usable(card.status)) throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    // A fresh proof first (user/stepUp 'card_pin'): a session alone cannot set a PIN (issue 22).
    const stepUp = await requireStepUp(this.deps.db, this.deps.db, userId, 'card_pin');
    try {
      await this.deps.issuer.changePin(card.token, body.kind, body.pin);
    } catch (e) {
      if (e instanceof CardIssuerError)
        throw new CardError(e.failure === 'timeout' ? 'card_issuer_timeout' : 'operation_failed');
      throw e;
    }
    await stepUp?.notify('cardPin');
    return { ok: true };
  }

  /**
   * Step 1: a fresh proof → a grant from the issuer. The proof is the transaction password (wrong
   * tries count toward its lock) or a passkey assertion over the customer's own proof ceremony
   * (single use), checked by `verifyPasskey` — given by the route, so this module needs no passkeys import.
   */
  async revealGrant(
    userId: string,
    body: RevealProof & { cardId: string },
    verifyPasskey?: PasskeyProofVerifier,
  ): Promise<{ grant: string; expiresAt: string }> {
    const card = await this.deps.cards.ownedToken(userId, body.cardId);
    if (!usable(card.status)) throw new CardError('card_not_active', { status: card.status }, ResultCode.forbidden);
    if (body.passkey) {
      // Without a verifier a passkey proof must never pass: fail closed.
      if (!verifyPasskey) throw new BusinessError('passkey_invalid');
      await verifyPasskey(userId, body.passkey);
    } else {
      try {
        await this.deps.payPasswords.verify(userId, body.payPassword ?? '');
      } catch (e) {
        if (e instanceof BusinessError && e.key === 'paypass_not_set')
          throw new CardError('card_paypass_required', {}, ResultCode.forbidden, { fix: '/pages/user/paypass' });
        throw e;
      }
    }
    try {
      const { grant, expiresAt } = await this.deps.issuer.createRevealGrant(card.token);
      return { grant, expiresAt: expiresAt.toISOString() };
    } catch (e) {
      if (e instanceof CardIssuerError) throw new CardError('card_details_unavailable');
      throw e;
    }
  }

  /** Step 2: the grant is redeemed once at the issuer; the details are only passed through. */
  async reveal(userId: string, body: { cardId: string; grant: string }): Promise<CardDetails> {
    const card = await this.deps.cards.ownedToken(userId, body.cardId);
    let details;
    try {
      details = await this.deps.issuer.redeemRevealGrant(body.grant);
    } catch (e) {
      if (e instanceof CardIssuerError) throw new CardError('card_details_unavailable');
      throw e;
    }
    // A grant for another card (of anyone) answers like a missing card.
    if (details.token !== card.token) throw cardNotFound();
    return {
      pan: details.pan,
      cvv: details.cvv,
      expiry: details.expiry,
      cardholder: details.cardholder ?? card.cardholder,
      visibleSeconds: Math.min(DETAILS_VISIBLE_SECONDS, REVEAL_GRANT_SECONDS),
    };
  }

  async bind(userId: string, body: { cardNumber: string; carrierCode: string }): Promise<CardSummary> {
    const pan = body.cardNumber;
    if (!isLuhnValid(pan)) throw new CardError('card_number_invalid', {}, ResultCode.invalidParams);
    if (!Object.values(PRODUCT_BINS).some((bin) => pan.startsWith(bin)))
      throw new CardError('card_not_product', {}, ResultCode.invalidParams);
    // Counted before the issuer is asked (security/lockout.ts), so parallel guesses cannot pass the limit.
    let bound: CardSummary | undefined;
    const outcome = await guardedAttempt(
      this.deps.db,
      `card-bind:${userId}`,
      this.deps.now(),
      BIND_POLICY,
      async () => {
        let found;
        try {
          found = await this.deps.issuer.findStockCard({ pan, carrierCode: body.carrierCode });
        } catch (e) {
          if (e instanceof CardIssuerError && e.failure === 'not_found') return false;
          if (e instanceof CardIssuerError)
            throw new CardError(e.failure === 'timeout' ? 'card_issuer_timeout' : 'operation_failed');
          throw e;
        }
        if (found.type !== 'physical') return false;
        try {
          bound = await this.deps.cards.bind(userId, { ...found, brand: found.brand });
          return true;
        } catch (e) {
          if (e instanceof CardError && e.key === 'card_bind_refused') return false;
          throw e;
        }
      },
      'uncount',
    );
    if (outcome.result === 'locked' && !outcome.evaluated) throw rateLimited('rate_limited', outcome.seconds);
    if (outcome.result !== 'ok') throw new CardError('card_bind_refused');
    return bound!;
  }
}
