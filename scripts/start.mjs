#!/usr/bin/env node
// `npm start`: install (frozen lockfile), build every app in production mode, serve everything
// (API + shell + five feature apps) from one process at http://localhost:8080 (PORT overrides).
import { buildFrontEnd, install, startServer, step } from './lib.mjs';

const port = process.env.PORT ?? '8080';
step('install (pnpm, frozen lockfile)', install);
step('build shell + feature apps (production)', buildFrontEnd);
console.log(`\nCardWallet at http://localhost:${port}  — demo login: demo@cardwallet.test / Demo1234!\n`);
startServer({ PORT: port, NODE_ENV: process.env.NODE_ENV ?? 'production' });
