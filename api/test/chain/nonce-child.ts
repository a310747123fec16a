/**
 * A second OS process for the nonce race (evm.test.ts): opens the same PostgreSQL database and signs
 * withdrawals from the same hot wallet through its own EvmChain, as another API process would.
 * argv: <destination> <client ids, comma-separated>; env: DATABASE_URL, CHILD_EVM_CONFIG (the
 * EvmChainConfig as JSON: it holds the hot wallet key, so not on the command line). Prints the
 * tx hashes as JSON on stdout after a "go" line on stdin (so both processes start together).
 */
import { createInterface } from 'node:readline';
import { openDatabase } from '../../src/db/index';
import { EvmChain } from '../../src/providers/chain/evm';

const [to, ids] = process.argv.slice(2) as [string, string];
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: '/nonexistent', migrate: false });
const evm = new EvmChain(database.sql, JSON.parse(process.env.CHILD_EVM_CONFIG!));
process.stdout.write('ready\n');
await new Promise<void>((resolve) => createInterface({ input: process.stdin }).once('line', () => resolve()));
const hashes = await Promise.all(
  ids
    .split(',')
    .map((clientTxId) =>
      database.sql.transaction((tx) =>
        evm.send({ network: 'ERC20', currency: 'USDT', to, amount: '1', clientTxId }, tx).then((r) => r.txHash),
      ),
    ),
);
process.stdout.write(`${JSON.stringify(hashes)}\n`);
evm.stop();
await database.close();
