/**
 * The card issuing processor, behind an interface (docs/cards.md, "Issuer interface"). The issuer
 * owns card numbers, expiry, CVV and PIN; our API only ever receives a token, the last four digits
 * and the expiry. Every money call carries our operation's reference and is idempotent on it, and
 * `reverse(reference)` undoes a load or unload exactly once — so a failed or crashed operation on
 * our side can always be unwound.
 */
export type IssuerBrand = 'visa' | 'mastercard';
export type IssuerCardType = 'virtual' | 'physical';
export type IssuerCardStatus = 'inactive' | 'active' | 'frozen' | 'closed';
export type IssuerShippingStatus = 'processing' | 'shipped' | 'delivered';

export interface IssuerShipping {
  receiver: string;
  mobile: string;
  country: string;
  province: string;
  city: string;
  area: string;
  detail: string;
  postalCode: string;
}

export interface IssuedCard {
  token: string;
  last4: string;
  /** MM/YY */
  expiry: string;
}

export interface CardIssuer {
  readonly name: string;
  /** Issues a card. `reference` is our card id: asking twice returns the same card. */
  createCard(req: {
    reference: string;
    brand: IssuerBrand;
    type: IssuerCardType;
    pin: string;
    shipping: IssuerShipping | null;
    /** The card programme's organisation fee per transaction (charged by the issuer on clearing). */
    transactionFee?: string;
    /** The product's monthly spending limit in USD, enforced by the issuer at authorisation. */
    monthlyLimit?: string;
    /** The product's monthly fee in USD, charged by the issuer at the start of each month after the month of issue. */
    monthlyFee?: string;
  }): Promise<IssuedCard>;
  setCardholder(token: string, holder: { firstName: string; lastName: string; mobile: string }): Promise<void>;
  /** Adds funds to the card. Idempotent on `reference`. */
  load(req: { token: string; amount: string; reference: string }): Promise<{ balance: string }>;
  /** Takes funds off the card; refuses with `insufficient_funds` below zero. Idempotent on `reference`. */
  unload(req: { token: string; amount: string; reference: string }): Promise<{ balance: string }>;
  /** Undoes the load/unload with this reference once; unknown or already reversed → no-op. */
  reverse(reference: string): Promise<void>;
  /** The card balance as the issuer holds it (the ledger check compares it with ours). */
  balance(token: string): Promise<string>;
  setStatus(token: string, status: IssuerCardStatus): Promise<void>;
  shippingStatus(token: string): Promise<IssuerShippingStatus | null>;
  /** Full details for a step-up reveal (cards part 2). Never stored or logged by us. */
  details(token: string): Promise<{ pan: string; cvv: string; expiry: string }>;
  /** Sets the card PIN or ATM PIN (6 digits) at the issuer; we never keep it. */
  changePin(token: string, kind: 'pin' | 'atm', pin: string): Promise<void>;
  /** A single-use grant, valid for a short time, to display the card's details once. */
  createRevealGrant(token: string): Promise<{ grant: string; expiresAt: Date }>;
  /** Redeems a grant (once, before it expires): the card's details, for display only. */
  redeemRevealGrant(
    grant: string,
  ): Promise<{ token: string; pan: string; cvv: string; expiry: string; cardholder: string | null }>;
  /** Asks the issuer to lift its risk freeze; the answer arrives later as a `card.status_changed` webhook. */
  requestUnfreeze(token: string, reference: string): Promise<void>;
  /**
   * A card the issuer sent by post, identified by its number and the code on its carrier. `not_found`
   * for any mismatch (never says which part was wrong).
   */
  findStockCard(req: {
    pan: string;
    carrierCode: string;
  }): Promise<IssuedCard & { brand: IssuerBrand; type: IssuerCardType; tier: string | null }>;
  /**
   * The programme's spending controls of a card (issue 23), enforced by the issuer at every
   * authorisation. `version` grows with each change: an older version than the one held is ignored,
   * so pushes that overtake each other leave the newest in place.
   */
  setSpendingControls(token: string, controls: IssuerSpendingControls, version: number): Promise<void>;
  /**
   * The cardholder's answer to a 3-D Secure challenge the issuer asked us (`threeds.challenge`
   * webhook). The first answer wins; a repeat answers the outcome already taken. The purchase's
   * authorisation or decline follows as a transaction webhook.
   */
  answerThreeDs(challengeId: string, decision: ThreeDsDecision): Promise<{ status: ThreeDsDecision }>;
  /**
   * Replaces a card (lost, stolen, compromised): in ONE issuer transaction a new card with the old
   * one's product, PIN, cardholder and shipping address (new number, CVV, expiry; active), the old
   * card's whole balance moved to it (`moved`) and the old card closed. Refused while the old card
   * has authorisations holding money. Idempotent on `reference` (our new card's id): asking again
   * answers the same card and the same `moved`, and never moves anything twice.
   */
  reissueCard(req: { reference: string; fromToken: string }): Promise<IssuedCard & { moved: string }>;
}

export type ThreeDsDecision = 'approved' | 'declined' | 'timed_out';

export interface IssuerSpendingControls {
  online: boolean;
  contactless: boolean;
  atm: boolean;
  magstripe: boolean;
  /** The cardholder's own monthly limit (USD), below the product's; null = the product's. */
  monthlyLimit: string | null;
  /** Blocked merchant categories; `until` (ISO) = the block ends then (cool-off), null = no end. */
  blocks: { category: string; until: string | null }[];
}

export type CardIssuerFailure = 'refused' | 'timeout' | 'insufficient_funds' | 'not_found' | 'unavailable';

export class CardIssuerError extends Error {
  override readonly name = 'CardIssuerError';
  constructor(
    readonly failure: CardIssuerFailure,
    message: string,
  ) {
    super(message);
  }
}

/** Bounds every issuer call: an answer later than `ms` is a timeout (the caller then reverses). */
export function withTimeout(issuer: CardIssuer, ms: number): CardIssuer {
  const bound =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      new Promise<R>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new CardIssuerError('timeout', `card issuer did not answer within ${ms} ms`)),
          ms,
        );
        timer.unref?.();
        fn(...args).then(
          (v) => {
            clearTimeout(timer);
            resolve(v);
          },
          (e: unknown) => {
            clearTimeout(timer);
            reject(e);
          },
        );
      });
  return {
    name: issuer.name,
    createCard: bound(issuer.createCard.bind(issuer)),
    setCardholder: bound(issuer.setCardholder.bind(issuer)),
    load: bound(issuer.load.bind(issuer)),
    unload: bound(issuer.unload.bind(issuer)),
    reverse: bound(issuer.reverse.bind(issuer)),
    balance: bound(issuer.balance.bind(issuer)),
    setStatus: bound(issuer.setStatus.bind(issuer)),
    shippingStatus: bound(issuer.shippingStatus.bind(issuer)),
    details: bound(issuer.details.bind(issuer)),
    changePin: bound(issuer.changePin.bind(issuer)),
    createRevealGrant: bound(issuer.createRevealGrant.bind(issuer)),
    redeemRevealGrant: bound(issuer.redeemRevealGrant.bind(issuer)),
    requestUnfreeze: bound(issuer.requestUnfreeze.bind(issuer)),
    findStockCard: bound(issuer.findStockCard.bind(issuer)),
    setSpendingControls: bound(issuer.setSpendingControls.bind(issuer)),
    answerThreeDs: bound(issuer.answerThreeDs.bind(issuer)),
    reissueCard: bound(issuer.reissueCard.bind(issuer)),
  };
}
