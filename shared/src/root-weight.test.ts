import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));

/** Bare packages reachable from a module through its relative imports (type-only imports skipped). */
function packagesReachableFrom(entry: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(entry)) return found;
  seen.add(entry);
  const source = readFileSync(entry, 'utf8');
  for (const [, typeOnly, specifier] of source.matchAll(
    /(?:import|export)\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/g,
  )) {
    if (typeOnly || !specifier) continue;
    if (specifier.startsWith('.')) {
      const base = resolve(dirname(entry), specifier);
      const file = [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, base].find((f) => {
        try {
          return readFileSync(f) && true;
        } catch {
          return false;
        }
      });
      if (file && /\.tsx?$/.test(file)) for (const p of packagesReachableFrom(file, seen)) found.add(p);
    } else {
      found.add(specifier);
    }
  }
  return found;
}

describe('the package root (the Module Federation singleton every page loads)', () => {
  it('pulls in neither zod nor phone-number metadata — those belong to the schemas subpath', () => {
    const packages = [...packagesReachableFrom(resolve(here, 'index.ts'))];
    expect(packages.filter((p) => /^(zod|libphonenumber-js)/.test(p))).toEqual([]);
    expect(packages).toContain('react');
  });
});
