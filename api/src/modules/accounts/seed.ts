import type { FastifyInstance } from 'fastify';
import { hashPassword, verifyPassword } from '../../security/password.js';
import { insertUser } from './users.js';

export const DEMO_ACCOUNT = 'demo@cardwallet.test';
export const DEMO_PASSWORD = 'Demo1234!';
export const ADMIN_USERNAME = 'admin';

/**
 * The admin account `admin` with ADMIN_PASSWORD (sandbox default documented in docs/api.md), applied
 * at EVERY start: a rotated ADMIN_PASSWORD replaces the stored hash and revokes the admin's live
 * sessions, and a disabled admin is not re-enabled silently. Idempotent; safe with several processes.
 */
export async function seedAdmin(app: FastifyInstance): Promise<void> {
  const db = app.database.sql;
  const [existing] = await db.query<{ id: string; password_hash: string }>(
    `select id::text as id, password_hash from admins where username = $1`,
    [ADMIN_USERNAME],
  );
  if (existing && (await verifyPassword(app.config.adminPassword, existing.password_hash))) return;
  const hash = await hashPassword(app.config.adminPassword, app.config.scryptN);
  if (!existing) {
    await db.query(`insert into admins (username, password_hash) values ($1, $2) on conflict (username) do nothing`, [
      ADMIN_USERNAME,
      hash,
    ]);
    app.log.info('seeded admin account "admin"');
    return;
  }
  await db.transaction(async (tx) => {
    await tx.query(`update admins set password_hash = $2 where id = $1`, [existing.id, hash]);
    await tx.query(`update admin_sessions set revoked_at = $2 where admin_id = $1 and revoked_at is null`, [
      existing.id,
      app.clock.now().toISOString(),
    ]);
  });
  app.log.warn('admin password changed from configuration (ADMIN_PASSWORD): every admin session was revoked');
}

export class StartupError extends Error {}

/**
 * Production never runs on a database the sandbox has used: its demo customer, the documented
 * passwords and secrets and the minted money would all be live. Throws StartupError saying so.
 */
export async function assertNoSandboxData(app: FastifyInstance): Promise<void> {
  if (app.config.sandbox) return;
  const db = app.database.sql;
  const [seeds] = await db.query<{ n: number }>(`select count(*)::int as n from sandbox_demo_seeds`);
  const [demo] = await db.query<{ n: number }>(`select count(*)::int as n from users where email = $1`, [DEMO_ACCOUNT]);
  if ((seeds?.n ?? 0) > 0 || (demo?.n ?? 0) > 0) {
    throw new StartupError(
      `this database holds sandbox demo data (${DEMO_ACCOUNT}, sandbox_demo_seeds): production refuses to start on it. ` +
        'Use a new database for production (docs/operations.md "From sandbox to production").',
    );
  }
}

/** Sandbox demo customer demo@cardwallet.test / Demo1234!. Idempotent; answers the customer's id. */
export async function seedSandbox(app: FastifyInstance): Promise<string> {
  const db = app.database.sql;
  const find = async () =>
    (await db.query<{ id: string }>(`select id::text as id from users where email = $1`, [DEMO_ACCOUNT]))[0]?.id;
  const existing = await find();
  if (existing) return existing;
  try {
    const now = app.clock.now();
    const { id } = await insertUser(db, { email: DEMO_ACCOUNT, password: DEMO_PASSWORD }, app.config.scryptN, now);
    app.log.info(`seeded demo customer ${DEMO_ACCOUNT}`);
    return String(id);
  } catch (e) {
    // A concurrent starter (PostgreSQL) may have seeded it first.
    if ((e as { key?: string }).key !== 'account_exists') throw e;
    const raced = await find();
    if (!raced) throw e;
    return raced;
  }
}
