/**
 * The touch gesture of the page frame's pull-to-refresh (spec §2, the yellow one), without a React
 * render per finger move: the head's height is written straight to the element, and the status is
 * reported only when it changes.
 *
 * Why not antd-mobile's PullToRefresh: it brings react-spring and use-gesture, ~68 KB of script
 * whose evaluation and first render were three of the home page's long tasks after its first screen
 * (issue 24). The behaviour follows antd-mobile's: a vertical pull
 * from the top of the page, a rubber band beyond the start, release past the threshold to refresh,
 * the head held open while refreshing, "complete" shown for half a second.
 */

export type PullStatus = 'idle' | 'pulling' | 'canRelease' | 'refreshing' | 'complete';

/** The head's height while refreshing, and the unit of the rest (antd-mobile's defaults). */
export const PULL_HEAD_PX = 40;
/** Released past this height, the page refreshes. */
export const PULL_THRESHOLD_PX = 60;
/** How long "complete" stays on screen before the head closes. */
export const PULL_COMPLETE_MS = 500;
/** How long the head takes to close or open when the finger is off (the CSS transition's length). */
export const PULL_SETTLE_MS = 200;
/** A finger must move this far before the gesture decides between a pull and a scroll. */
const DECIDE_PX = 5;

/**
 * The head's height for a finger `distancePx` below where it started: the further, the stiffer
 * (antd-mobile's rubber band, dimension five heads, constant 0.5).
 */
export function pullHeight(distancePx: number): number {
  if (distancePx <= 0) return 0;
  const dimension = PULL_HEAD_PX * 5;
  const constant = 0.5;
  return (distancePx * dimension * constant) / (dimension + constant * distancePx);
}

/** True when nothing between the touched element and the page is scrolled down. */
export function isAtTop(target: EventTarget | null, doc: Document = document): boolean {
  for (let el = target instanceof Element ? target : null; el && el !== doc.documentElement; el = el.parentElement) {
    if (el.scrollTop > 0) return false;
  }
  return (doc.scrollingElement ?? doc.documentElement).scrollTop <= 0;
}

export interface PullGestureOptions {
  /** Moves the head; `settling` animates it (the finger is off). */
  setHeight(px: number, settling: boolean): void;
  onStatus(status: PullStatus): void;
  /** Fetches again; the head stays open until it settles (a failure closes it too). */
  refresh(): Promise<unknown>;
  /** Timers (tests drive them). */
  setTimeout?: (fn: () => void, ms: number) => unknown;
}

/** Listens on `element` for the pull; returns the function that stops listening. */
export function attachPullGesture(element: HTMLElement, o: PullGestureOptions): () => void {
  const later = o.setTimeout ?? ((fn: () => void, ms: number) => window.setTimeout(fn, ms));
  let status: PullStatus = 'idle';
  let detached = false;
  // One finger's gesture: where it started, and whether it has been found to be a pull.
  let start: { x: number; y: number; target: EventTarget | null } | null = null;
  let pulling = false;
  // Bumped by every touch: a head closing from an earlier gesture does not reset a newer one.
  let touches = 0;

  const report = (next: PullStatus) => {
    if (next === status || detached) return;
    status = next;
    o.onStatus(next);
  };
  const close = () => {
    o.setHeight(0, true);
    const closing = touches;
    later(() => closing === touches && report('idle'), PULL_SETTLE_MS);
  };
  const busy = () => status === 'refreshing' || status === 'complete';

  const onStart = (event: TouchEvent) => {
    start = null;
    pulling = false;
    if (busy() || event.touches.length !== 1) return;
    const touch = event.touches[0]!;
    touches++;
    start = { x: touch.clientX, y: touch.clientY, target: event.target };
  };
  const onMove = (event: TouchEvent) => {
    if (!start) return;
    const touch = event.touches[0];
    if (!touch) return;
    const dx = touch.clientX - start.x;
    const dy = touch.clientY - start.y;
    if (!pulling) {
      if (Math.abs(dx) < DECIDE_PX && Math.abs(dy) < DECIDE_PX) return;
      // Down, mostly vertical, from the top of the page: a pull. Anything else is the browser's.
      if (dy <= 0 || Math.abs(dy) < Math.abs(dx) || !isAtTop(start.target)) {
        start = null;
        return;
      }
      pulling = true;
    }
    // The page must not scroll (or bounce) under the finger while it pulls the head.
    if (event.cancelable) event.preventDefault();
    const height = pullHeight(dy);
    o.setHeight(height, false);
    report(height > PULL_THRESHOLD_PX ? 'canRelease' : 'pulling');
  };
  const onEnd = (event: TouchEvent) => {
    if (!start || !pulling) {
      start = null;
      return;
    }
    start = null;
    pulling = false;
    if (status !== 'canRelease' || event.type === 'touchcancel') {
      close();
      return;
    }
    report('refreshing');
    o.setHeight(PULL_HEAD_PX, true);
    o.refresh().then(
      () => {
        report('complete');
        later(close, PULL_COMPLETE_MS);
      },
      // The page shows its own errors (its queries' error views); the head just closes.
      close,
    );
  };

  element.addEventListener('touchstart', onStart, { passive: true });
  // Not passive: a pull cancels the page's scroll.
  element.addEventListener('touchmove', onMove, { passive: false });
  element.addEventListener('touchend', onEnd);
  element.addEventListener('touchcancel', onEnd);
  return () => {
    detached = true;
    element.removeEventListener('touchstart', onStart);
    element.removeEventListener('touchmove', onMove);
    element.removeEventListener('touchend', onEnd);
    element.removeEventListener('touchcancel', onEnd);
  };
}
