import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findRawColours } from './raw-colours';

const root = resolve(__dirname, '../../..');
const appDirs = readdirSync(root)
  .filter((d) => d.startsWith('mf-') || d === 'shell')
  .map((d) => join(root, d, 'src'));

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (e.name === 'node_modules') return [];
    const p = join(dir, e.name);
    return e.isDirectory() ? cssFiles(p) : e.name.endsWith('.css') ? [p] : [];
  });
}

describe('app CSS uses theme tokens only (shared/src/ui/theme.css), no raw colours', () => {
  it('the scanner flags hex, colour functions, named colours and var() fallbacks (also over several lines, in @media), not comments, selectors or keywords', () => {
    const css = readFileSync(join(__dirname, '__fixtures__/raw-colour.fixture.css'), 'utf8');
    expect(findRawColours(css)).toEqual([
      { line: 3, text: '#fff' },
      { line: 6, text: 'rgba(' },
      { line: 9, text: 'white' },
      { line: 12, text: '#333' },
      { line: 25, text: '#3b4150' },
      { line: 30, text: 'hsl(' },
    ]);
  });

  const files = appDirs.flatMap(cssFiles);
  it('finds the apps’ CSS files', () => {
    expect(files.length).toBeGreaterThan(10);
  });
  it.each(files.map((f) => [relative(root, f), f]))('%s', (_name, file) => {
    const raw = findRawColours(readFileSync(file, 'utf8')).map((r) => `${r.line}: ${r.text}`);
    expect(raw).toEqual([]);
  });
});
