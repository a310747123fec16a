import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(join(here, '../../package.json'), 'utf8')) as { sideEffects: string[] };

describe('zod is told not to compile parsers in browsers (CSP without eval), without costing pages', () => {
  it('every schema module sets the config first — the barrel does not (it has no side effect)', () => {
    const modules = readdirSync(here).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'zod-config.ts' && f !== 'index.ts',
    );
    const buildingSchemas = modules.filter((f) => /from 'zod'/.test(readFileSync(join(here, f), 'utf8')));
    expect(buildingSchemas.length).toBeGreaterThan(10);
    for (const file of buildingSchemas) {
      const firstImport = readFileSync(join(here, file), 'utf8').match(/^import .*$/m)?.[0];
      expect(firstImport, file).toBe("import './zod-config';");
    }
    expect(readFileSync(join(here, 'index.ts'), 'utf8')).not.toMatch(/import '\.\/zod-config'/);
  });

  it('only the config module is a side effect: a page importing one schema does not evaluate the others', () => {
    expect(pkg.sideEffects).toContain('./src/schemas/zod-config.ts');
    expect(pkg.sideEffects.filter((p) => p.includes('schemas/'))).toEqual(['./src/schemas/zod-config.ts']);
  });
});
