// The EVM section of the configuration lives in the configuration layer (config/evm.ts; app.config.evm).
export * from '../../../config/evm.js';
