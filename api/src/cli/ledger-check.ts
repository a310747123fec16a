/**
 * `npm run ledger:check` — verifies the books (docs/ledger.md, "How the books are checked") against
 * the configured database: DATABASE_URL when set, else the embedded PGlite data directory (stop the
 * API first: the data directory is locked by the running process; use GET /api/admin/ledger/check
 * while it runs). Prints every problem; exit code 0 clean, 1 problems found, 2 could not check.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/index.js';
import { checkLedgerSnapshot } from '../ledger/check.js';
import { checkCards } from '../modules/cards/check.js';
import { checkReferral } from '../modules/referral/check.js';
import { createCardIssuer } from '../providers/card-issuer/index.js';
import { checkEvmHoldings } from '../modules/wallet/chain/evm-check.js';
import { EvmChain } from '../providers/chain/evm/index.js';

async function main(): Promise<number> {
  const config = loadConfig();
  if (!config.databaseUrl && !existsSync(path.join(config.dataDir, 'PG_VERSION'))) {
    console.error(
      `ledger check could not run: no database at ${config.dataDir} (start the API once, or set DATABASE_URL / DATA_DIR)`,
    );
    return 2;
  }
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, migrate: false });
  try {
    const where = config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) || 'postgres' : config.dataDir;
    const [tables] = await database.sql.query<{ present: boolean }>(
      `SELECT to_regclass('ledger_entries') IS NOT NULL AS present`,
    );
    if (!tables?.present) {
      console.error(
        `ledger check could not run: ${where} has no ledger tables (migrations not applied: start the API once)`,
      );
      return 2;
    }
    // The books (src/ledger/check.ts): every account kind, every posting, the wallet's operations.
    const report = await checkLedgerSnapshot(database.sql);
    // Cards (docs/cards.md): operations ↔ postings, and each card's ledger balance ↔ the issuer's.
    const { issuer } = createCardIssuer({
      sandboxMode: config.sandbox,
      settings: config.cardIssuer,
      db: database.sql,
      now: () => new Date(),
    });
    const cardProblems = await checkCards(database.sql, issuer, new Date());
    report.problems.push(...cardProblems);
    // Referral (docs/referral.md): every cashback record ↔ its posting.
    report.problems.push(...(await checkReferral(database.sql)));
    // A real EVM chain (CHAIN_EVM_RPC_URL, docs/chain.md): customer balances ≤ on-chain holdings.
    const evmConfig = config.evm.config;
    if (evmConfig) {
      const evm = new EvmChain(database.sql, evmConfig);
      try {
        const onChain = await checkEvmHoldings(database.sql, evm);
        for (const l of onChain.lines)
          console.log(
            `EVM ${l.currency}: customers ${l.customerBalances}, on chain ${l.onChain} (hot wallet ${l.hotWallet}, deposit addresses ${l.depositAddresses}; books say ${l.depositAddressesInBooks} there), difference ${l.difference}`,
          );
        report.problems.push(...onChain.problems);
      } finally {
        evm.stop();
      }
    }
    report.ok = report.problems.length === 0;
    const { accounts, postings, entries } = report.counts;
    console.log(
      `ledger check (${database.driver}: ${where}): ${accounts} accounts, ${postings} postings, ${entries} entries`,
    );
    if (report.ok) {
      console.log(
        "OK: every posting balances per currency, every balance equals the sum of its entries, no customer balance below zero, every card balance equals the issuer's.",
      );
      return 0;
    }
    console.error(`FAILED: ${report.problems.length} problem(s)`);
    for (const p of report.problems) console.error(`  - ${p}`);
    return 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(`ledger check could not run: ${e instanceof Error ? e.message : String(e)}`);
    process.exit(2);
  },
);
