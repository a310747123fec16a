import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { API_DIR } from '../../src/config';
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/index';

/**
 * A migrated PGlite data dir built once and copied per test file (a new data dir costs 6–10 s,
 * a copy + open ~1–2 s). Keyed by the migrations' content, so a new migration rebuilds it.
 */
export function templateDir(): string {
  const hash = createHash('sha256');
  for (const f of fs.readdirSync(MIGRATIONS_DIR).sort()) {
    hash.update(f);
    hash.update(fs.readFileSync(path.join(MIGRATIONS_DIR, f)));
  }
  return path.join(API_DIR, '.test-cache', `pglite-template-${hash.digest('hex').slice(0, 16)}`);
}

export async function ensureTemplate(): Promise<string> {
  const dir = templateDir();
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return dir;
  const building = `${dir}.building-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: building });
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
