import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

const MODULES_DIR = path.dirname(fileURLToPath(import.meta.url));

/**
 * Registers every module: each folder src/modules/<name>/ with an index.ts whose default export
 * is a Fastify plugin. They are registered under the /api prefix in alphabetical order, so a new
 * module needs no edit here (see api/README.md).
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  const names = fs
    .readdirSync(MODULES_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(MODULES_DIR, d.name, 'index.ts')))
    .map((d) => d.name)
    .sort();
  for (const name of names) {
    const mod = (await import(pathToFileURL(path.join(MODULES_DIR, name, 'index.ts')).href)) as {
      default?: FastifyPluginAsync;
    };
    if (typeof mod.default !== 'function')
      throw new Error(`src/modules/${name}/index.ts has no default-exported plugin`);
    await app.register(mod.default);
  }
}
