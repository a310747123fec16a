import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../security/password.js';
import { insertUser } from './users.js';

export const DEMO_ACCOUNT = 'demo@cardwallet.test';
export const DEMO_PASSWORD = 'Demo1234!';
export const ADMIN_USERNAME = 'admin';

/** The admin account `admin` with ADMIN_PASSWORD (sandbox default documented in docs/api.md). Idempotent. */
export async function seedAdmin(app: FastifyInstance): Promise<void> {
  const db = app.database.sql;
  const existing = await db.query(`select 1 from admins where username = $1`, [ADMIN_USERNAME]);
  if (existing.length > 0) return;
  const hash = await hashPassword(app.config.adminPassword, app.config.scryptN);
  await db.query(`insert into admins (username, password_hash) values ($1, $2) on conflict (username) do nothing`, [ADMIN_USERNAME, hash]);
  app.log.info('seeded admin account "admin"');
}

/** Sandbox demo customer demo@cardwallet.test / Demo1234!. Idempotent; answers the customer's id. */
export async function seedSandbox(app: FastifyInstance): Promise<string> {
  const db = app.database.sql;
  const find = async () => (await db.query<{ id: string }>(`select id::text as id from users where email = $1`, [DEMO_ACCOUNT]))[0]?.id;
  const existing = await find();
  if (existing) return existing;
  try {
    const { id } = await insertUser(db, { email: DEMO_ACCOUNT, password: DEMO_PASSWORD }, app.config.scryptN, app.clock.now());
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
