import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { openDatabase } from '../../src/db/index';
import { post } from '../../src/ledger/store';
import { depositCredit, transferToCard } from '../../src/ledger/posting';
import { sqlFromPgPool } from '../../src/ledger/sql';
import { CardService } from '../../src/modules/cards/service';
import { CardFundingMoves } from '../../src/modules/cards/moves/funding';
import { PayPasswords } from '../../src/modules/wallet/pay-password/paypass';
import { SandboxCardIssuer } from '../../src/providers/card-issuer/sandbox';
import { createScratchDatabase, scratchPool } from '../support/pg';

const API_DIR = fileURLToPath(new URL('../..', import.meta.url));

function runCli(databaseUrl: string) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/ledger-check.ts'], {
    cwd: API_DIR,
    env: { ...process.env, DATABASE_URL: databaseUrl, APP_MODE: 'sandbox' },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

/** `npm run ledger:check` covers the card books: postings of card operations and each card's issuer balance. */
describe.runIf(inject('pgReachable'))('npm run ledger:check covers cards (CLI)', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let pool: pg.Pool;
  let token = '';
  beforeAll(async () => {
    scratch = await createScratchDatabase('cw_cardcli');
    const database = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
    await database.close();
    pool = scratchPool({ connectionString: scratch.url, max: 4 });
    const sql = sqlFromPgPool(pool);
    const [user] = await sql.query<{ id: string }>(
      `insert into users (email, password_hash, invite_code, kyc_level, agreement_version, birth_date) values ('cli@example.com', 'x', 'CLI001', 1, 'v1', '1990-01-01') returning id::text as id`,
    );
    const userId = user!.id;
    await sql.transaction((tx) =>
      post(
        tx,
        depositCredit({ depositId: 'd1', userId, currency: 'USDT', network: 'TRC20', amount: '200', txHash: 'aa' }),
      ),
    );
    await sql.transaction((tx) =>
      post(tx, transferToCard({ transferId: 't1', userId, currency: 'USDT', amount: '200' })),
    );
    const issuer = new SandboxCardIssuer(sql);
    const payPasswords = new PayPasswords(sql, 1 << 10);
    await payPasswords.set(userId, '135790');
    const cards = new CardService({ db: sql, issuer, now: () => new Date(), payPasswords });
    const { response: card } = await cards.apply(userId, 'cli-apply-1', {
      productId: 'virtual-visa-standard',
      pin: '123456',
    });
    await cards.activate(userId, 'cli-activate-1', {
      cardId: card.id,
      firstName: 'Ada',
      lastName: 'Lovelace',
      mobile: '+447911123456',
      amount: '60',
    });
    await cards.withdraw(userId, 'cli-withdraw-1', {
      cardId: card.id,
      amount: '20',
      currency: 'USDT',
      payPassword: '135790',
    });
    await new CardFundingMoves({ db: sql, payPasswords }).withdrawToWallet(userId, 'cli-back-1', {
      amount: '30',
      currency: 'USDC',
      payPassword: '135790',
    });
    [{ issuer_token: token }] = (
      await pool.query<{ issuer_token: string }>(`select issuer_token from cards where id = $1`, [card.id])
    ).rows as [{ issuer_token: string }];
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await scratch?.drop();
  });

  it('exits 0 on clean card books and 1 when a card balance differs from the issuer’s', async () => {
    const clean = runCli(scratch.url);
    expect(clean.stderr).toBe('');
    expect(clean.stdout).toMatch(/OK: every posting balances.*every card balance equals the issuer/);
    expect(clean.status).toBe(0);
    await pool.query(`update sandbox_issuer_cards set balance = balance + 7 where token = $1`, [token]);
    const bad = runCli(scratch.url);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toMatch(/\[cards\] card .*: ledger balance 35\.?0* but the issuer holds 42/);
    await pool.query(`update sandbox_issuer_cards set balance = balance - 7 where token = $1`, [token]);
    // An account of a kind ledger/accounts.ts does not declare is reported (every account kind is covered).
    await pool.query(
      `insert into ledger_accounts (key, user_id, kind, currency, allow_negative) values ('user:1:mystery:USD', '1', 'mystery', 'USD', false)`,
    );
    const undeclared = runCli(scratch.url);
    expect(undeclared.status).toBe(1);
    expect(undeclared.stderr).toMatch(/account user:1:mystery:USD \(kind mystery, owner 1\) is not declared/);
    await pool.query(`delete from ledger_accounts where key = 'user:1:mystery:USD'`);
    expect(runCli(scratch.url).status).toBe(0);
  }, 120_000);
});
