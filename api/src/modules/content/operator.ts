// The operator section's schema lives in the config layer (src/config/operator.ts) so that config.ts composes it
// without importing from modules; the module reads it through this re-export.
export * from '../../config/operator.js';
