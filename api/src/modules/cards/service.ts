import { CardAddresses } from './addresses';
import { CardApplications } from './applications';
import { CardFreezes } from './freezes';
import type { CardServiceDeps } from './model';
import { CardMoves } from './moves';
import { CardOperations } from './operations';
import { CardReads } from './reads';
import { CardRecovery } from './recovery';

export { FIX, type CardServiceDeps } from './model';

/**
 * Cards (docs/cards.md) as one object for the routes, the seeds and the tests: it only wires the
 * subdomains together and hands each call to the one that owns it —
 * reads.ts (cards, card funding), addresses.ts, applications.ts (products, gates, apply, bind),
 * moves.ts (activation, top-up, withdrawal, close refund) over operations.ts (the one path every
 * money movement takes), freezes.ts (freeze, unfreeze, risk-unfreeze request) and recovery.ts.
 * Money moves only as balanced ledger postings (postings.ts).
 */
export class CardService {
  readonly reads: CardReads;
  readonly addressBook: CardAddresses;
  readonly applications: CardApplications;
  readonly moves: CardMoves;
  readonly freezes: CardFreezes;
  readonly recovery: CardRecovery;

  constructor(deps: CardServiceDeps) {
    this.reads = new CardReads(deps);
    this.addressBook = new CardAddresses(deps);
    this.applications = new CardApplications(deps, this.reads);
    this.moves = new CardMoves(deps, this.reads, new CardOperations(deps, this.reads));
    this.freezes = new CardFreezes(deps, this.reads);
    this.recovery = new CardRecovery(deps);
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
  topUp: CardMoves['topUp'] = (...a) => this.moves.topUp(...a);
  withdraw: CardMoves['withdraw'] = (...a) => this.moves.withdraw(...a);
  close: CardMoves['close'] = (...a) => this.moves.close(...a);
  // Freezing
  setFrozen: CardFreezes['setFrozen'] = (...a) => this.freezes.setFrozen(...a);
  requestUnfreeze: CardFreezes['requestUnfreeze'] = (...a) => this.freezes.requestUnfreeze(...a);
  // Recovery
  recoverPending: CardRecovery['recoverPending'] = (...a) => this.recovery.recoverPending(...a);
}
