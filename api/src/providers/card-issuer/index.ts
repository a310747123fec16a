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
 * By configuration: CARD_ISSUER (`sandbox`, the default in sandbox mode; anything else has no
 * implementation yet), CARD_ISSUER_TIMEOUT_MS (default 10000), CARD_ISSUER_SANDBOX_SECRET.
 */
export function createCardIssuer(
  opts: { sandboxMode: boolean; db: SqlDatabase; now: () => Date },
  env: NodeJS.ProcessEnv = process.env,
): CardIssuerSelection {
  const choice = env.CARD_ISSUER ?? (opts.sandboxMode ? 'sandbox' : 'none');
  const timeout = Number.parseInt(env.CARD_ISSUER_TIMEOUT_MS ?? '10000', 10);
  const timeoutMs = Number.isFinite(timeout) && timeout > 0 ? timeout : 10_000;
  if (choice === 'sandbox' && opts.sandboxMode) {
    const sandbox = new SandboxCardIssuer(opts.db, env.CARD_ISSUER_SANDBOX_SECRET || SANDBOX_ISSUER_SECRET, opts.now);
    return { issuer: withTimeout(sandbox, timeoutMs), sandbox };
  }
  return { issuer: new UnconfiguredIssuer(), sandbox: null };
}
