import { useEffect } from 'react';

type IdleWindow = {
  requestIdleCallback?: (cb: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

/**
 * Longest wait for the first screen before deferred work runs anyway. Pages, error views and the
 * login prompt mark it; this bound is only for a start that shows none of them. Generous: a slow
 * phone (or a loaded test machine) can take over 10 s to its first screen, and deferred work must
 * not then compete with it.
 */
export const FIRST_SCREEN_MAX_WAIT_MS = 30_000;

let markShown: () => void = () => {};
let firstScreen = new Promise<void>((resolve) => {
  markShown = resolve;
});

/** Rendered after a page's own content (route-page.tsx): its effect runs once that content is committed. */
export function FirstScreenMark() {
  useEffect(() => markShown(), []);
  return null;
}

/** Tests: forget that a page was shown. */
export function resetFirstScreen(): void {
  firstScreen = new Promise<void>((resolve) => {
    markShown = resolve;
  });
}

/**
 * Runs `task` once the first page's content is on screen (not merely when `load` fired: a lazy
 * page chunk can still be rendering then) and the browser is idle, `timeoutMs` after that at most.
 * What runs here is not on the way to the first screen (issue 24). Returns a cancel function.
 */
export function afterFirstScreen(task: () => void, timeoutMs: number, win: Window & IdleWindow = window): () => void {
  let cancelled = false;
  let cancelIdle = () => {};
  const idle = () => {
    if (cancelled) return;
    if (win.requestIdleCallback) {
      const id = win.requestIdleCallback(task, { timeout: timeoutMs });
      cancelIdle = () => win.cancelIdleCallback?.(id);
    } else {
      const id = win.setTimeout(task, Math.min(timeoutMs, 200));
      cancelIdle = () => win.clearTimeout(id);
    }
  };
  let timer = 0;
  const waited = new Promise<void>((resolve) => {
    timer = win.setTimeout(resolve, FIRST_SCREEN_MAX_WAIT_MS);
  });
  void Promise.race([firstScreen, waited]).then(() => {
    win.clearTimeout(timer);
    idle();
  });
  return () => {
    cancelled = true;
    win.clearTimeout(timer);
    cancelIdle();
  };
}
