import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Configuration is read once, by loadConfig in src/config.ts and its sections in src/config/, and passed
// down as app.config (docs/architecture.md "API layers"). No other file of src/ reads the environment.
const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** Files still allowed to read the environment, relative to src/: none (a new entry needs a reason here). */
const ALLOWED = new Set<string>([]);

const isConfigLayer = (rel: string) => rel === 'config.ts' || rel.startsWith('config/');

/** `process.env`, `process['env']`, `process?.env`, `const { env } = process` (comments removed first). */
export function readsEnvironment(source: string): boolean {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return (
    /\bprocess\s*(\?\.|\.)\s*env\b/.test(code) ||
    /\bprocess\s*\[\s*['"`]env['"`]\s*\]/.test(code) ||
    /\{[^}]*\benv\b[^}]*\}\s*=\s*(globalThis\.)?process\b/.test(code)
  );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|mts|cts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

describe('configuration is read in one place', () => {
  it('the detector finds every way of reading the environment, and not a mention in a comment', () => {
    expect(readsEnvironment('const port = process.env.PORT;')).toBe(true);
    expect(readsEnvironment("const port = process['env'].PORT;")).toBe(true);
    expect(readsEnvironment('const port = process?.env?.PORT;')).toBe(true);
    expect(readsEnvironment('const { env } = process;')).toBe(true);
    expect(readsEnvironment('function f(env = process.env) {}')).toBe(true);
    expect(readsEnvironment('// never read process.env here\nconst a = 1;')).toBe(false);
    expect(readsEnvironment('/** not process.env */ const a = app.config.port;')).toBe(false);
    expect(readsEnvironment("const url = 'https://example.com'; // process.env")).toBe(false);
  });

  it('no file of src/ outside config.ts and config/ reads process.env (but the allow-listed)', () => {
    const offenders = sourceFiles(srcDir)
      .map((file) => path.relative(srcDir, file).split(path.sep).join('/'))
      .filter((rel) => !isConfigLayer(rel) && !ALLOWED.has(rel))
      .filter((rel) => readsEnvironment(readFileSync(path.join(srcDir, rel), 'utf8')));
    expect(offenders, 'read it in a section of src/config/ and pass it down as app.config').toEqual([]);
  });

  it('the allow-list names only files that still read the environment', () => {
    for (const rel of ALLOWED) expect(readsEnvironment(readFileSync(path.join(srcDir, rel), 'utf8')), rel).toBe(true);
  });
});
