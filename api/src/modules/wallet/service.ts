import type { DomainEvents } from '../../events/domain-events';
import type { SqlDatabase } from '../../ledger/sql';
import type { ChainProvider } from '../../providers/chain/types';
import type { RateProvider } from '../../providers/rates/types';
import { AddressBook } from './address-book';
import { WalletBalances } from './balances';
import { cashFlow, type CashFlowQuery } from './cash-flow';
import { Deposits } from './deposits';
import { Exchanges } from './exchange';
import { PayPasswords } from './paypass';
import { Payouts } from './payouts';
import type { Page } from './records';
import { Transfers, type TransferSource } from './transfers';
import { UnseenEvents } from './unseen';
import { Withdrawals, type WithdrawBody } from './withdrawals';
import type { CryptoCurrency, WalletCurrency, WalletNetwork, WithdrawalStatus } from '@cardwallet/shared/schemas';

export { countUnseenEvent } from './unseen';

export interface WalletDeps {
  db: SqlDatabase;
  chain: ChainProvider;
  rates: RateProvider;
  /** KYC level of a user (users.kyc_level, owned by the accounts module). */
  kycLevel(userId: string): Promise<number>;
  /** scrypt cost for transaction passwords (config SCRYPT_N). */
  scryptN?: number;
  /**
   * Runs a statement as a named prepared statement (PostgreSQL: parsed and planned once per
   * connection). Hot paths use it when present; PGlite has none and falls back to db.query.
   */
  prepared?: <T>(name: string, text: string, params: unknown[]) => Promise<T[]>;
  /**
   * The API's domain events (src/events): every money move is recorded with its posting (in its
   * transaction, or in its one statement); payouts are broadcast from them.
   */
  events?: Pick<DomainEvents, 'record' | 'recordInStatement'>;
}

/**
 * The wallet money core (docs/ledger.md), one object per subdomain: balances (read side),
 * deposits, withdrawals (requests), payouts (decisions and the broadcast), exchange, transfers
 * (wallet → card), the address book, the unseen-events badge and transaction passwords. Routes
 * call the subdomains; the one-line methods below keep the flat API that tests and seeds use.
 */
export class WalletService {
  readonly payPasswords: PayPasswords;
  readonly balanceBook: WalletBalances;
  readonly depositBook: Deposits;
  readonly withdrawalBook: Withdrawals;
  readonly payouts: Payouts;
  readonly exchanges: Exchanges;
  readonly transfers: Transfers;
  readonly addressBook: AddressBook;
  readonly unseen: UnseenEvents;

  constructor(private readonly deps: WalletDeps) {
    this.payPasswords = new PayPasswords(deps.db, deps.scryptN);
    this.balanceBook = new WalletBalances(deps);
    this.depositBook = new Deposits(deps);
    this.withdrawalBook = new Withdrawals(deps, this.balanceBook, this.payPasswords);
    this.payouts = new Payouts(deps);
    this.exchanges = new Exchanges(deps, this.balanceBook);
    this.transfers = new Transfers(deps, this.balanceBook);
    this.addressBook = new AddressBook(deps.db);
    this.unseen = new UnseenEvents(deps.db);
  }

  kycLevelOf = (userId: string) => this.deps.kycLevel(userId);
  attachChain = () => this.depositBook.attachChain();
  cashFlow = (userId: string, q: CashFlowQuery) => cashFlow(this.deps.db, userId, q);

  currencies = () => this.balanceBook.currencies();
  available = (userId: string, currency: WalletCurrency) => this.balanceBook.available(userId, currency);
  balances = (userId: string) => this.balanceBook.balances(userId);
  securedAccount = (userId: string) => this.balanceBook.securedAccount(userId);
  ledgerCheck = () => this.balanceBook.ledgerCheck();

  rechargeAddress = (userId: string, currency: CryptoCurrency, network: WalletNetwork) =>
    this.depositBook.rechargeAddress(userId, currency, network);
  recordIncoming = (t: Parameters<Deposits['recordIncoming']>[0]) => this.depositBook.recordIncoming(t);
  confirmDeposits = (network: WalletNetwork, blocks: number) => this.depositBook.confirm(network, blocks);
  deposits = (userId: string, q: Page) => this.depositBook.list(userId, q);

  withdrawFee = (userId: string, currency: CryptoCurrency, network: WalletNetwork, amount?: string) =>
    this.withdrawalBook.fee(userId, currency, network, amount);
  withdraw = async (userId: string, key: string, body: WithdrawBody) =>
    (await this.withdrawalBook.request(userId, key, body)).response;
  withdrawals = (userId: string | null, q: Page & { status?: WithdrawalStatus }) => this.withdrawalBook.list(userId, q);
  /** Claims the payout (pending → sending); the outbox broadcasts it after commit (payouts.ts). */
  approveWithdrawal = (adminId: string, id: string) => this.payouts.approve(adminId, id);
  /** Only before the claim: amount + fee go back to the wallet. */
  rejectWithdrawal = (adminId: string, id: string, reason?: string) => this.payouts.reject(adminId, id, reason);

  exchangeQuote = (userId: string, body: Parameters<Exchanges['quote']>[1]) => this.exchanges.quote(userId, body);
  exchange = async (userId: string, key: string, body: { quoteId: string }) =>
    (await this.exchanges.execute(userId, key, body)).response;
  exchangeRecords = (userId: string, q: Page) => this.exchanges.records(userId, q);

  transferInfo = (userId: string) => this.transfers.info(userId);
  transfer = async (
    userId: string,
    key: string,
    body: { currency: TransferSource; amount: string },
    knownKycLevel?: number,
  ) => (await this.transfers.transfer(userId, key, body, knownKycLevel)).response;

  addresses = (userId: string, currency?: CryptoCurrency) => this.addressBook.list(userId, currency);
  addAddress = (userId: string, body: Parameters<AddressBook['add']>[1]) => this.addressBook.add(userId, body);
  deleteAddress = (userId: string, id: string) => this.addressBook.remove(userId, id);

  unseenEvents = (userId: string) => this.unseen.count(userId);
  markEventsSeen = (userId: string) => this.unseen.markSeen(userId);
}
