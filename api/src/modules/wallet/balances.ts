import {
  CRYPTO_CURRENCIES,
  CURRENCY_DEFINITIONS,
  WALLET_CURRENCIES,
  type BalancesResult,
  type SecuredAccountResult,
  type WalletCurrency,
} from '@cardwallet/shared/schemas';
import { checkLedger, type LedgerCheckReport } from '../../ledger/check';
import { Money, ZERO, format, formatFixed, money } from '../../ledger/money';
import type { SqlRunner } from '../../ledger/sql';
import { WITHDRAWAL_COLUMNS, iso, type WithdrawalRow } from './records';
import type { WalletDeps } from './deps';

/** Read side of the wallet: currencies and rates, balances, the secured account, the books check. */
export class WalletBalances {
  constructor(private readonly deps: WalletDeps) {}

  async usdRates(): Promise<Record<WalletCurrency, string>> {
    const entries = await Promise.all(
      WALLET_CURRENCIES.map(async (c) => [c, await this.deps.rates.usdMid(c)] as const),
    );
    return Object.fromEntries(entries) as Record<WalletCurrency, string>;
  }

  async currencies() {
    const rates = await this.usdRates();
    return {
      currencies: WALLET_CURRENCIES.map((code) => {
        const d = CURRENCY_DEFINITIONS[code];
        return {
          code,
          scale: d.scale,
          networks: [...d.networks],
          depositCreditThreshold: d.depositCreditThreshold,
          withdrawMinimum: d.withdrawMinimum,
          exchangeMinimum: d.exchangeMinimum,
          exchangeMaximum: d.exchangeMaximum,
          cardFunding: d.cardFunding,
          usdRate: rates[code],
        };
      }),
    };
  }

  /** Every ledger account of the user, by `kind:currency`. */
  async accountBalances(userId: string): Promise<Map<string, Money>> {
    const rows = await this.deps.db.query<{ kind: string; currency: string; balance: string }>(
      `SELECT kind, currency, balance::text AS balance FROM ledger_accounts WHERE user_id = $1`,
      [userId],
    );
    return new Map(rows.map((r) => [`${r.kind}:${r.currency}`, money(r.balance)]));
  }

  async available(userId: string, currency: WalletCurrency): Promise<Money> {
    const [row] = await this.deps.db.query<{ balance: string }>(
      `SELECT balance::text AS balance FROM ledger_accounts WHERE key = $1`,
      [`user:${userId}:wallet:${currency}`],
    );
    return row ? money(row.balance) : ZERO;
  }

  async balances(userId: string): Promise<BalancesResult> {
    const [accounts, rates] = await Promise.all([this.accountBalances(userId), this.usdRates()]);
    let totalUsd = ZERO;
    const balances = WALLET_CURRENCIES.map((currency) => {
      const available = accounts.get(`wallet:${currency}`) ?? ZERO;
      const held = accounts.get(`withdrawal_pending:${currency}`) ?? ZERO;
      const usd = available.plus(held).times(rates[currency]);
      totalUsd = totalUsd.plus(usd);
      return {
        currency,
        available: format(available, currency),
        held: format(held, currency),
        usdValue: formatFixed(usd, 2),
        usdRate: rates[currency],
      };
    });
    return {
      balances,
      totalUsd: formatFixed(totalUsd, 2),
      cardFunding: formatFixed(accounts.get('card_funding:USD') ?? ZERO, 2),
    };
  }

  /** Funds held for withdrawals not settled yet: waiting for a decision, or approved and being sent. */
  async securedAccount(userId: string): Promise<SecuredAccountResult> {
    const [held, rates] = await Promise.all([
      this.deps.db.query<WithdrawalRow>(
        `SELECT ${WITHDRAWAL_COLUMNS} FROM wallet_withdrawals WHERE user_id = $1 AND status IN ('pending', 'sending') ORDER BY created_at DESC`,
        [userId],
      ),
      this.usdRates(),
    ]);
    const accounts = await this.accountBalances(userId);
    let totalUsd = ZERO;
    const totals = CRYPTO_CURRENCIES.flatMap((currency) => {
      const amount = accounts.get(`withdrawal_pending:${currency}`) ?? ZERO;
      if (amount.isZero()) return [];
      const usd = amount.times(rates[currency]);
      totalUsd = totalUsd.plus(usd);
      return [{ currency, amount: format(amount, currency), usdValue: formatFixed(usd, 2) }];
    });
    return {
      totals,
      totalUsd: formatFixed(totalUsd, 2),
      holdings: held.map((w) => ({
        currency: w.currency,
        amount: format(money(w.amount).plus(w.fee), w.currency),
        reason: w.status === 'sending' ? ('sending_withdrawal' as const) : ('pending_withdrawal' as const),
        withdrawalId: w.id,
        createdAt: iso(w.created_at)!,
      })),
    };
  }

  /** A consistent snapshot of the whole ledger, checked (see src/ledger/check.ts). */
  ledgerCheck(): Promise<LedgerCheckReport> {
    return this.deps.db.transaction(async (tx: SqlRunner) => {
      await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return checkLedger(tx);
    });
  }
}
