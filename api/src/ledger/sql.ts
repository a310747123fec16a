/**
 * Kept for existing imports: the one SQL adapter lives in src/db/sql.ts (with the PGlite
 * event-loop yield the running app needs). New code imports from there.
 */
export {
  SQLSTATE,
  sqlFromDrizzle,
  sqlFromPGlite,
  sqlFromPgPool,
  sqlState,
  withRetry,
  type SqlDatabase,
  type SqlRunner,
} from '../db/sql.js';
