import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The API's layer rule (root eslint.config.js, docs/architecture.md "API layers") runs in `npm run lint`.
// This proves it can fail: the fixture's upward import, linted as a file of each lower layer, is an error;
// the same file as a module (or a downward import in a lower layer) is not. No database needed.
const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');
const fixture = (name: string) => readFileSync(path.join(here, '../fixtures/layers', name), 'utf8');
const eslint = new ESLint({ cwd: repoRoot });

async function layerErrors(code: string, fileInRepo: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, fileInRepo) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('API layer rule', () => {
  it('fails on an upward import from every lower layer and from the config layer', async () => {
    const upward = fixture('upward-import.ts');
    for (const file of [
      'api/src/db/upward.ts',
      'api/src/http/upward.ts',
      'api/src/security/upward.ts',
      'api/src/events/upward.ts',
      'api/src/ledger/upward.ts',
      'api/src/media/upward.ts',
      'api/src/providers/upward.ts',
      'api/src/config/upward.ts',
    ]) {
      const errors = await layerErrors(upward, file);
      expect(errors, file).toHaveLength(1);
      expect(errors[0], file).toMatch(/Layer rule/);
    }
    // Deeper files climb further; the rule still sees the module path.
    const deep = upward.replace("'../modules/", "'../../modules/");
    expect(await layerErrors(deep, 'api/src/providers/kyc/upward.ts')).toHaveLength(1);
    // The root config.ts imports modules as ./modules/...
    expect(await layerErrors(upward.replace("'../modules/", "'./modules/"), 'api/src/config.ts')).toHaveLength(1);
  });

  it('allows the same import from a module and downward imports in a lower layer', async () => {
    const upward = fixture('upward-import.ts').replace("'../modules/kyc/", "'../kyc/");
    expect(await layerErrors(upward, 'api/src/modules/wallet/ok.ts')).toEqual([]);
    expect(await layerErrors(fixture('downward-import.ts'), 'api/src/providers/ok.ts')).toEqual([]);
  });
});
