#!/usr/bin/env node
// `npm start`: install (frozen lockfile), build every app in production mode, serve everything
// (API + shell + five feature apps) from one process at http://localhost:8080 (PORT overrides).
import { buildFrontEnd, install, startServer, step } from './lib.mjs';

const port = process.env.PORT ?? '8080';
step('install (pnpm, frozen lockfile)', install);
step('build shell + feature apps (production)', buildFrontEnd);
console.log(`\nCardWallet at http://localhost:${port}  — demo login: demo@cardwallet.test / Demo1234!\n`);
// The ERC20 network runs on a real local EVM chain by default (docs/chain.md): the API starts it on
// loopback, deploys the test tokens at first start and mines blocks on an interval. Off with
// CHAIN_EVM_DEV_NODE=0; not in production mode or when CHAIN_EVM_RPC_URL points at a real network.
const devChain =
  process.env.CHAIN_EVM_DEV_NODE ??
  (process.env.CHAIN_EVM_RPC_URL || process.env.APP_MODE === 'production' || process.env.SANDBOX === 'false'
    ? '0'
    : '1');
startServer({ PORT: port, NODE_ENV: process.env.NODE_ENV ?? 'production', CHAIN_EVM_DEV_NODE: devChain });
