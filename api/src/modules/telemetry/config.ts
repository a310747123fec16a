// The telemetry section's schema lives in the config layer (src/config/telemetry.ts) so that config.ts composes it
// without importing from modules; the module reads it through this re-export.
export * from '../../config/telemetry.js';
