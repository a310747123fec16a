// Tables of every module. The wallet module's tables live in ./wallet.ts (owned by the wallet module).
export * from './core.js';
export * from './wallet.js';
