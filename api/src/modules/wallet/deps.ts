import type { DomainEvents } from '../../events/domain-events';
import type { SqlDatabase } from '../../ledger/sql';
import type { ChainProvider } from '../../providers/chain/types';
import type { RateProvider } from '../../providers/rates/types';

/**
 * What every wallet subdomain (balances, deposits, withdrawals, payouts, exchange, transfers) is
 * built from. Its own file so the subdomains depend on it and WalletService (service.ts) on them,
 * never the other way round.
 */
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
