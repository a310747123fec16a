import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { API_DIR } from '../../src/config';
import { MIGRATIONS_DIR, openDatabase, type SqlRunner } from '../../src/db/index';
import { sandboxKeys } from '../../src/providers/wechat/pay';

/**
 * A migrated PGlite data dir built once and copied per test file (a new data dir costs 6–10 s,
 * a copy + open ~1–2 s). Keyed by the migrations' content, so a new migration rebuilds it.
 */
export function templateDir(): string {
  return path.join(API_DIR, '.test-cache', `pglite-template-${migrationsHash()}`);
}

/**
 * What every test database starts with beyond the migrations: the sandbox WeChat Pay keys (two
 * RSA-2048 key pairs, generated at start-up by every app whose database lacks them: ~1 s of CPU per
 * app on a loaded machine). Test databases share these sandbox keys, as the demo's processes do.
 */
export async function seedTemplate(database: { sql: SqlRunner }): Promise<void> {
  await sandboxKeys(database.sql, 'test-template');
}
// Bump when seedTemplate changes, so the cached templates are rebuilt.
const TEMPLATE_CONTENT_VERSION = 'sandbox-wechat-keys-1';

/** The migrations' content, hashed: a template is rebuilt when a migration is added or changed. */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  hash.update(TEMPLATE_CONTENT_VERSION);
  for (const f of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(f);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  return hash.digest('hex').slice(0, 16);
}

export async function ensureTemplate(): Promise<string> {
  const dir = templateDir();
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
  await seedTemplate(database);
  await database.close();
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  try {
    fs.renameSync(building, dir);
  } catch {
    // Another process finished first: theirs is as good as ours.
    fs.rmSync(building, { recursive: true, force: true });
  }
  // Old templates of earlier migration sets.
  for (const f of fs.readdirSync(path.dirname(dir))) {
    const full = path.join(path.dirname(dir), f);
    if (full !== dir && f.startsWith('pglite-template-') && !f.includes('.building-'))
      fs.rmSync(full, { recursive: true, force: true });
  }
  return dir;
}
