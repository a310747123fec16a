import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/db/index';
import { post } from '../../src/ledger/store';
import { depositCredit } from '../../src/ledger/posting';
import { sqlFromPgPool } from '../../src/ledger/sql';
import { createScratchDatabase, scratchPool } from '../support/pg';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

function runCli(databaseUrl: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger-check.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe.runIf(inject('pgReachable'))('npm run ledger:check (CLI)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    scratch = await createScratchDatabase('cw_ledgercli');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    await database.close();
    pool = scratchPool({ connectionString: scratch.url, max: 2 });
    const sql = sqlFromPgPool(pool);
    await sql.transaction((tx) =>
      post(
        tx,
        depositCredit({ depositId: 'd1', userId: '1', currency: 'USDT', network: 'TRC20', amount: '10', txHash: 'aa' }),
      ),
    );
  });
  afterAll(async () => {
    await pool?.end();
    await scratch?.drop();
  });

  it('exits 0 on clean books and 1 with the problem printed when a balance was tampered with', async () => {
    const clean = runCli(scratch.url);
    expect(clean.stdout).toMatch(/OK: every posting balances/);
    expect(clean.status).toBe(0);
    await pool.query(`update ledger_accounts set balance = balance + 5 where key = 'user:1:wallet:USDT'`);
    const bad = runCli(scratch.url);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/user:1:wallet:USDT: balance 15\.?0* but entries sum to 10/);
    await pool.query(`update ledger_accounts set balance = balance - 5 where key = 'user:1:wallet:USDT'`);
  }, 90_000);
});
