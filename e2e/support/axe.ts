import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * WCAG 2.2 AA check of what the page shows now (axe-core). Call it once the page has settled
 * (its data loaded, skeletons gone). A failure lists each rule with the first nodes it hit.
 */
export async function expectAccessible(page: Page, options: { exclude?: string[] } = {}) {
  expect(await axeViolations(page, options), `axe-core violations on ${page.url()}`).toEqual([]);
}

/** The WCAG 2.2 AA violations axe-core finds on the page as it is now (rule, impact, first nodes). */
export async function axeViolations(page: Page, options: { exclude?: string[] } = {}) {
  // Colours are measured as painted: wait until the page's slide-in and any toast fade have finished
  // (a half-transparent element mid-animation fails contrast for no real reason).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // antd-mobile fades masks with react-spring (inline opacity, invisible to getAnimations): wait
  // until each is fully shown or hidden. A toast is left out of the check instead of waited for: it
  // is transient (its fade-out can start while axe runs) and its colours are fixed — white on the
  // 70 % black toast body, 8.4:1 on a white page.
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('.adm-mask:not(.adm-toast-mask)')].every((el) => {
          const style = getComputedStyle(el);
          return style.display === 'none' || style.visibility === 'hidden' || Number(style.opacity) === 1;
        }),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  for (const selector of ['.adm-toast-mask', ...(options.exclude ?? [])]) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes
      .slice(0, 5)
      .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`),
  }));
  return summary;
}
