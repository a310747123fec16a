import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FRAME_CSS, offlineHtml } from '../../src/web/app-frame.js';
import { FRAME_DARK_CSS } from '../../src/web/app-frame-dark.js';

/** The dark theme's tokens (shared/src/ui/theme.css, its `prefers-color-scheme: dark` block). */
function darkTokens(): Record<string, string> {
  const css = readFileSync(resolve(__dirname, '../../../shared/src/ui/theme.css'), 'utf8');
  const block = css.slice(css.indexOf('@media (prefers-color-scheme: dark)'));
  const body = block.slice(0, block.indexOf('\n}\n'));
  return Object.fromEntries([...body.matchAll(/(--[a-z0-9-]+):\s*([^;]+);/g)].map((m) => [m[1], (m[2] ?? '').trim()]));
}

describe('the painted frame on a dark phone', () => {
  it('is part of the critical CSS of the frame and of the offline page', () => {
    expect(FRAME_CSS).toContain(FRAME_DARK_CSS);
    expect(FRAME_DARK_CSS).toContain('@media (prefers-color-scheme:dark){');
    expect(offlineHtml('ar-AE', undefined)).toContain(FRAME_DARK_CSS);
  });

  it('paints the dark theme’s own colours, so nothing changes colour when the app’s CSS takes over', () => {
    const dark = darkTokens();
    expect(FRAME_DARK_CSS).toContain(`html,body,#root{background:${dark['--cw-page-background']}}`);
    expect(FRAME_DARK_CSS).toContain(
      `.cwf-head{background:${dark['--cw-surface']};border-bottom-color:${dark['--cw-divider']}}`,
    );
    expect(FRAME_DARK_CSS).toContain(`.cwf-title,.cwf-on{color:${dark['--cw-text-primary']}}`);
    expect(FRAME_DARK_CSS).toContain(`.cwf-tab{color:${dark['--adm-color-weak']}}`);
    expect(FRAME_DARK_CSS).toContain(
      `.cwf-tabs{background:${dark['--cw-surface']};border-top-color:${dark['--cw-border-light']}}`,
    );
  });

  it('covers the route skeletons’ light rules, which come after the frame’s in their own style element', () => {
    const dark = darkTokens();
    // Every skeleton rule with a light colour has a heavier dark twin.
    for (const selector of ['.cwf-h1', '.cwf-top p', '.cwf-gate p', '.cwf-text', '.cwf-list', '.cwf-row'])
      expect(FRAME_DARK_CSS).toMatch(new RegExp(`html ${selector.replace('.', '\\.')}[,{]`));
    expect(FRAME_DARK_CSS).toContain(`html .cwf-h1{color:${dark['--cw-text-primary']}}`);
    expect(FRAME_DARK_CSS).toContain(`html .cwf-list{background:${dark['--cw-surface']}}`);
    expect(FRAME_DARK_CSS).toContain(`color:${dark['--adm-color-text-secondary']}}`);
    // The dark bands take the dark theme's brand colour, as the pages' own do (home.css, wallet.css).
    expect(FRAME_DARK_CSS).toContain(
      `html .cwf-hero,html .cwf-fig,html .cwf-total{background:${dark['--cw-brand-dark']}}`,
    );
  });

  it('outweighs the offline page’s light rules, which come after it in the same style element', () => {
    // Same media, later rule wins at equal weight: each offline rule needs the extra `html`.
    for (const rule of FRAME_DARK_CSS.match(/[^{}]*\.cwo[^{]*\{/g) ?? [])
      expect(rule.trimStart()).toMatch(/^html \.cwo/);
    expect(FRAME_DARK_CSS.match(/\.cwo/g)?.length).toBeGreaterThanOrEqual(4);
  });
});
