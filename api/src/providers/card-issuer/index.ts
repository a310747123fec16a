import type { CardIssuerConfig } from '../../config/cards.js';
import type { SqlDatabase } from '../../ledger/sql';
import { SANDBOX_ISSUER_SECRET, SandboxCardIssuer } from './sandbox';
import { CardIssuerError, withTimeout, type CardIssuer } from './types';

export * from './types';
export { SandboxCardIssuer } from './sandbox';
export * from './webhook';

/** Outside sandbox mode no issuing processor is contracted yet: every call fails cleanly. */
class UnconfiguredIssuer implements CardIssuer {
  readonly name = 'unconfigured';
  private fail(): never {
    throw new CardIssuerError('unavailable', 'no card issuer is configured');
  }
  createCard = async () => this.fail();
  setCardholder = async () => this.fail();
  load = async () => this.fail();
  unload = async () => this.fail();
  reverse = async () => this.fail();
  balance = async () => this.fail();
  setStatus = async () => this.fail();
  shippingStatus = async () => this.fail();
  details = async () => this.fail();
  changePin = async () => this.fail();
  createRevealGrant = async () => this.fail();
  redeemRevealGrant = async () => this.fail();
  requestUnfreeze = async () => this.fail();
  findStockCard = async () => this.fail();
  setSpendingControls = async () => this.fail();
  answerThreeDs = async () => this.fail();
  reissueCard = async () => this.fail();
}

export interface CardIssuerSelection {
  issuer: CardIssuer;
  /** Present when CARD_ISSUER=sandbox: drives /api/dev/cards/*. */
  sandbox: SandboxCardIssuer | null;
}

/**
 * By configuration (app.config.cardIssuer): CARD_ISSUER (`sandbox`, the default in sandbox mode;
 * anything else has no implementation yet), CARD_ISSUER_TIMEOUT_MS, CARD_ISSUER_SANDBOX_SECRET.
 */
export function createCardIssuer(opts: {
  sandboxMode: boolean;
  settings: CardIssuerConfig;
  db: SqlDatabase;
  now: () => Date;
}): CardIssuerSelection {
  const choice = opts.settings.issuer ?? (opts.sandboxMode ? 'sandbox' : 'none');
  if (choice === 'sandbox' && opts.sandboxMode) {
    const sandbox = new SandboxCardIssuer(opts.db, opts.settings.sandboxSecret || SANDBOX_ISSUER_SECRET, opts.now);
    return { issuer: withTimeout(sandbox, opts.settings.timeoutMs), sandbox };
  }
  return { issuer: new UnconfiguredIssuer(), sandbox: null };
}
