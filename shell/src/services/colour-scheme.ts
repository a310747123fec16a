/** antd-mobile 5's own dark-mode switch (its theme-dark.css keys on this attribute of `<html>`). */
export const DARK_ATTRIBUTE = 'data-prefers-color-scheme';

/**
 * Keeps antd-mobile's dark switch in step with the phone's setting, live: the theme's colours follow
 * `prefers-color-scheme` in CSS by themselves (shared/src/ui/theme.css, so the painted frame before
 * any script is already dark); this only tells antd-mobile, whose components read the attribute.
 * No parameters: it runs on the home page's critical path, where default arguments cost bytes.
 */
export function followColourScheme(): void {
  const query = window.matchMedia?.('(prefers-color-scheme: dark)');
  if (!query) return;
  const root = document.documentElement;
  const apply = () => {
    if (query.matches) root.setAttribute(DARK_ATTRIBUTE, 'dark');
    else root.removeAttribute(DARK_ATTRIBUTE);
  };
  apply();
  query.addEventListener('change', apply);
}
