/**
 * Registers the service worker (dist/sw.js, production builds only) once the page has loaded and
 * the browser is idle, so it never competes with the first paint.
 *
 * Update (issue 24): a new worker installs beside the running one and WAITS (sw.ts). When one is
 * waiting while this page is controlled by the old one, `onUpdate` is called with `apply`: only
 * when the customer accepts does the page ask the waiting worker to take over (`SKIP_WAITING`)
 * and reload once it controls the page — nothing reloads an open page on its own. Another tab of
 * the same origin that sees the controller change without having asked gets the same prompt
 * (its files are now served by the new worker), never a forced reload.
 */
export interface UpdateHooks {
  /** Called once per waiting worker; `apply()` activates it and reloads this page. */
  onUpdate?: (apply: () => void) => void;
  reload?: () => void;
  /** How often an open, visible page asks the server for a new sw.js (ms). */
  checkEveryMs?: number;
}

type Container = Pick<ServiceWorkerContainer, 'register' | 'controller' | 'addEventListener'>;

export const SKIP_WAITING = 'CW_SKIP_WAITING';

export function scheduleServiceWorker(
  nav: { serviceWorker?: Container } | undefined = typeof navigator === 'undefined'
    ? undefined
    : (navigator as { serviceWorker?: Container }),
  production: boolean = process.env.NODE_ENV === 'production',
  hooks: UpdateHooks = {},
): boolean {
  if (!production || !nav || !('serviceWorker' in nav) || !nav.serviceWorker) return false;
  const container = nav.serviceWorker;
  const register = () => {
    container
      .register('/sw.js', { scope: '/' })
      .then((registration) => watchForUpdates(container, registration, hooks))
      .catch(() => undefined);
  };
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, o?: { timeout: number }) => number })
    .requestIdleCallback;
  const later = () => (idle ? idle(register, { timeout: 5_000 }) : setTimeout(register, 1_000));
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
  return true;
}

/** Exported for tests: wires the prompt to a registration. */
export function watchForUpdates(
  container: Container,
  registration: Pick<ServiceWorkerRegistration, 'waiting' | 'installing' | 'addEventListener' | 'update'>,
  { onUpdate, reload = () => window.location.reload(), checkEveryMs = 30 * 60_000 }: UpdateHooks,
): void {
  if (!onUpdate) return;
  let asked = false;
  let prompted: ServiceWorker | null | 'controller' = null;
  const prompt = (worker: ServiceWorker | 'controller', apply: () => void) => {
    if (prompted === worker) return;
    prompted = worker;
    onUpdate(apply);
  };
  const offer = (worker: ServiceWorker) => {
    // No controller = the first install: nothing old is running, nothing to offer.
    if (!container.controller) return;
    prompt(worker, () => {
      asked = true;
      worker.postMessage({ type: SKIP_WAITING });
    });
  };
  const hadController = Boolean(container.controller);
  container.addEventListener('controllerchange', () => {
    if (asked) reload();
    else if (hadController) prompt('controller', reload);
  });
  if (registration.waiting) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') offer(worker);
    });
  });
  // A page left open (an SPA never navigates) asks for a new sw.js when shown again, at most so often.
  let lastCheck = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible' || Date.now() - lastCheck < checkEveryMs) return;
    lastCheck = Date.now();
    registration.update().catch(() => undefined);
  });
}

/**
 * The prompt itself: plain DOM (no React, no antd-mobile: it is in no start chunk's way), a
 * labelled region with one sentence and a Reload button, placed above the tab bar with logical
 * properties (RTL follows `<html dir>`).
 */
export function showUpdatePrompt(t: (key: string) => string, apply: () => void, doc: Document = document): HTMLElement {
  doc.getElementById('cw-update-prompt')?.remove();
  const box = doc.createElement('section');
  box.id = 'cw-update-prompt';
  box.setAttribute('aria-label', t('update.title'));
  box.setAttribute('role', 'status');
  box.style.cssText =
    'position:fixed;inset-inline:12px;inset-block-end:calc(64px + env(safe-area-inset-bottom));z-index:2000;' +
    'display:flex;gap:12px;align-items:center;padding-block:10px;padding-inline:14px;border-radius:10px;' +
    'background:#1d1f24;color:#fff;font-size:14px;box-shadow:0 4px 16px rgba(0,0,0,.25)';
  const text = doc.createElement('span');
  text.textContent = t('update.body');
  text.style.flex = '1';
  const button = doc.createElement('button');
  button.type = 'button';
  button.textContent = t('update.reload');
  button.style.cssText =
    'border:0;border-radius:8px;padding-block:8px;padding-inline:14px;background:#fff;color:#1d1f24;font:inherit;font-weight:600';
  button.addEventListener('click', () => {
    button.disabled = true;
    apply();
  });
  box.append(text, button);
  doc.body.append(box);
  return box;
}
