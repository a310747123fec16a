/**
 * Registers the service worker (dist/sw.js, production builds only) once the page has loaded and
 * the browser is idle, so it never competes with the first paint. A new worker waits until every
 * tab of the old one is closed (sw.ts), so nothing here reloads an open page.
 */
export function scheduleServiceWorker(
  nav: Pick<Navigator, 'serviceWorker'> | undefined = typeof navigator === 'undefined' ? undefined : navigator,
  production: boolean = process.env.NODE_ENV === 'production',
): boolean {
  if (!production || !nav || !('serviceWorker' in nav) || !nav.serviceWorker) return false;
  const register = () => {
    nav.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
    .requestIdleCallback;
  const later = () => (idle ? idle(register, { timeout: 5_000 }) : setTimeout(register, 1_000));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return true;
}
