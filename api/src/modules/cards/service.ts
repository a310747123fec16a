import { CardAddresses } from './issuing/addresses';
import { CardApplications } from './issuing/applications';
import { CardFreezes } from './controls/freezes';
import { FundingLots } from './moves/funding-lots';
import { SandboxRates } from '../../providers/rates/sandbox';
import type { CardServiceDeps } from './model';
import { CardMoves } from './moves/card-moves';
import { CardOperations } from './moves/operations';
import { CardReads } from './reads';
import { CardRecovery } from './recovery';
import { DisputeShortfalls } from './disputes/shortfall';
import { CardReplacements } from './issuing/replacement';

export { FIX, type CardServiceDeps } from './model';

/**
 * Cards (docs/cards.md) as one object for the routes, the seeds and the tests: it only wires the
 * subdomains together and hands each call to the one that owns it —
 * reads.ts (cards, card funding), issuing/addresses.ts, issuing/applications.ts (products, gates,
 * apply, bind), moves/card-moves.ts (activation, top-up, withdrawal, close refund) over
 * moves/operations.ts (the one path every money movement takes), controls/freezes.ts (freeze,
 * unfreeze, risk-unfreeze request) and recovery.ts.
 * Money moves only as balanced ledger postings (postings.ts).
 */
export class CardService {
  readonly reads: CardReads;
  readonly addressBook: CardAddresses;
  readonly applications: CardApplications;
  readonly moves: CardMoves;
  readonly freezes: CardFreezes;
  readonly recovery: CardRecovery;
  readonly ops: CardOperations;
  /** Lost disputes' shortfalls, recovered from the card's next top-ups (disputes/shortfall.ts). */
  readonly shortfalls: DisputeShortfalls;
  /** Replacing a compromised card (issuing/replacement.ts). */
  readonly replacements: CardReplacements;

  constructor(given: CardServiceDeps) {
    // Money back to the wallet is always priced by funding lots: at the sandbox market when no rates are given.
    const deps = { ...given, lots: given.lots ?? new FundingLots(new SandboxRates()) };
    this.reads = new CardReads(deps);
    this.addressBook = new CardAddresses(deps);
    this.applications = new CardApplications(deps, this.reads);
    this.ops = new CardOperations(deps, this.reads);
    this.moves = new CardMoves(deps, this.reads, this.ops);
    this.freezes = new CardFreezes(deps, this.reads);
    this.recovery = new CardRecovery(deps);
    this.shortfalls = new DisputeShortfalls(deps, this.reads, this.ops);
    this.replacements = new CardReplacements(deps, this.reads);
  }

  // Reads
  cardFunding: CardReads['cardFunding'] = (...a) => this.reads.cardFunding(...a);
  list: CardReads['list'] = (...a) => this.reads.list(...a);
  card: CardReads['card'] = (...a) => this.reads.card(...a);
  ownedToken: CardReads['ownedToken'] = (...a) => this.reads.ownedToken(...a);
  tokenOf: CardReads['tokenOf'] = (...a) => this.reads.tokenOf(...a);
  // Shipping addresses
  addresses: CardAddresses['addresses'] = (...a) => this.addressBook.addresses(...a);
  addAddress: CardAddresses['addAddress'] = (...a) => this.addressBook.addAddress(...a);
  updateAddress: CardAddresses['updateAddress'] = (...a) => this.addressBook.updateAddress(...a);
  deleteAddress: CardAddresses['deleteAddress'] = (...a) => this.addressBook.deleteAddress(...a);
  // Getting a card
  products: CardApplications['products'] = () => this.applications.products();
  eligibility: CardApplications['eligibility'] = (...a) => this.applications.eligibility(...a);
  apply: CardApplications['apply'] = (...a) => this.applications.apply(...a);
  bind: CardApplications['bind'] = (...a) => this.applications.bind(...a);
  // Money onto and off the card
  activate: CardMoves['activate'] = (...a) => this.moves.activate(...a);
  topUpQuote: CardMoves['topUpQuote'] = (...a) => this.moves.topUpQuote(...a);
  withdrawQuote: CardMoves['withdrawQuote'] = (...a) => this.moves.withdrawQuote(...a);
  // A debt from a lost dispute is paid from the card first: after a top-up lands, before money leaves.
  topUp: CardMoves['topUp'] = async (userId, key, body) => {
    const result = await this.moves.topUp(userId, key, body);
    await this.shortfalls.recoverQuietly(userId, body.cardId);
    return result;
  };
  withdraw: CardMoves['withdraw'] = async (userId, key, body, ...rest) => {
    await this.shortfalls.recoverQuietly(userId, body.cardId);
    return this.moves.withdraw(userId, key, body, ...rest);
  };
  close: CardMoves['close'] = async (userId, key, cardId, ...rest) => {
    await this.shortfalls.recoverQuietly(userId, cardId);
    return this.moves.close(userId, key, cardId, ...rest);
  };
  // Freezing
  setFrozen: CardFreezes['setFrozen'] = (...a) => this.freezes.setFrozen(...a);
  requestUnfreeze: CardFreezes['requestUnfreeze'] = (...a) => this.freezes.requestUnfreeze(...a);
  // Recovery
  recoverPending: CardRecovery['recoverPending'] = async (...a) => {
    const n = await this.recovery.recoverPending(...a);
    await this.replacements.finishPending().catch(() => 0);
    return n;
  };
  // Replacing a card
  replace: CardReplacements['replace'] = (...a) => this.replacements.replace(...a);
}
