/**
 * Regenerates TestToken.json from TestToken.sol (run from a folder where solc@0.8.37 is installed:
 *   npm i --no-save solc@0.8.37 && node api/src/providers/chain/evm/contracts/compile.mjs).
 * evmVersion paris: the bytecode must run on the dev chain (ganache 7 knows no Cancun opcodes).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import solc from 'solc';

const __dirname = path.dirname(fileURLToPath(import.meta.url));
const source = fs.readFileSync(path.join(__dirname, 'TestToken.sol'), 'utf8');
const input = {
  language: 'Solidity',
  sources: { 'TestToken.sol': { content: source } },
  settings: {
    evmVersion: 'paris',
    optimizer: { enabled: true, runs: 200 },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
  },
};
const out = JSON.parse(solc.compile(JSON.stringify(input)));
const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
const c = out.contracts['TestToken.sol'].TestToken;
const artifact = {
  contractName: 'TestToken',
  compiler: `solc ${solc.version()}`,
  evmVersion: 'paris',
  abi: c.abi,
  bytecode: `0x${c.evm.bytecode.object}`,
};
fs.writeFileSync(path.join(__dirname, 'TestToken.json'), `${JSON.stringify(artifact)}\n`);
console.log('TestToken.json written', artifact.bytecode.length / 2 - 1, 'bytes');
