import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// WCAG 2.2 AA (1.4.3) for the theme's input placeholders and form alerts, read from theme.css itself:
// the light tokens (first `html:root` block) and the dark ones (`prefers-color-scheme: dark` block).
const css = readFileSync(join(__dirname, 'theme.css'), 'utf8');

function block(from: number): string {
  const open = css.indexOf('{', from);
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    if (css[i] === '{') depth++;
    if (css[i] === '}' && --depth === 0) return css.slice(open + 1, i);
  }
  throw new Error('unclosed block');
}
function tokensOf(body: string): Record<string, string> {
  return Object.fromEntries([...body.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1], m[2]!.trim()]));
}
const light = tokensOf(block(css.indexOf('html:root {')));
const dark = { ...light, ...tokensOf(block(css.indexOf('@media (prefers-color-scheme: dark)'))) };

/** #rgb / #rrggbb only: a token these checks read must be an opaque hex colour. */
function luminance(hex: string): number {
  const m = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`not an opaque hex colour: ${hex}`);
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = parseInt(h.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}
function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe('theme contrast (WCAG 2.2 AA, 4.5:1 for text)', () => {
  it('computes known ratios (#ccc on white 1.61:1, black on white 21:1)', () => {
    expect(contrast('#cccccc', '#fff')).toBeCloseTo(1.61, 2);
    expect(contrast('#000', '#ffffff')).toBeCloseTo(21, 5);
  });

  it('gives input and text-area placeholders the placeholder token, over antd-mobile’s own rule', () => {
    const rule =
      /html \.adm-input-element::placeholder,\s*html \.adm-text-area-element::placeholder\s*\{([^}]*)\}/.exec(css);
    expect(rule?.[1]).toContain('color: var(--cw-text-placeholder);');
  });

  // Light: 5.05:1 on white, 4.67:1 on the page grey (antd-mobile's #ccc was 1.61:1 on white);
  // dark: 6.97:1 on #1c1d22 (antd-mobile's dark #767a83 was 3.91:1).
  it.each([
    ['light', '--cw-surface', light],
    ['light', '--cw-page-background', light],
    ['dark', '--cw-surface', dark],
    ['dark', '--cw-page-background', dark],
  ])('placeholders reach 4.5:1 (%s, on %s)', (_scheme, surface, tokens) => {
    const ratio = contrast(tokens['--cw-text-placeholder']!, tokens[surface]!);
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['light', light],
    ['dark', dark],
  ])('the form alert’s text reaches 4.5:1 on its surface (%s)', (_scheme, tokens) => {
    expect(contrast(tokens['--cw-danger-text']!, tokens['--cw-danger-surface-soft']!)).toBeGreaterThanOrEqual(4.5);
  });
});
