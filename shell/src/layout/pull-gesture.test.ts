import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  attachPullGesture,
  isAtTop,
  pullHeight,
  PULL_COMPLETE_MS,
  PULL_HEAD_PX,
  PULL_SETTLE_MS,
  PULL_THRESHOLD_PX,
  type PullStatus,
} from './pull-gesture';

/** A touch event as a finger at (x, y) gives it (jsdom has no Touch constructor). */
function touch(target: Element, type: string, y?: number, x = 100): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'touches', { value: y === undefined ? [] : [{ clientX: x, clientY: y }] });
  target.dispatchEvent(event);
  return event;
}

interface Harness {
  element: HTMLElement;
  heights: Array<[number, boolean]>;
  statuses: PullStatus[];
  refreshes: number;
  finishRefresh: (ok?: boolean) => Promise<void>;
  detach: () => void;
}

function harness(): Harness {
  const element = document.createElement('div');
  const inner = document.createElement('p');
  element.appendChild(inner);
  document.body.appendChild(element);
  const h: Harness = {
    element,
    heights: [],
    statuses: [],
    refreshes: 0,
    finishRefresh: async () => {},
    detach: () => {},
  };
  h.detach = attachPullGesture(element, {
    setHeight: (px, settling) => h.heights.push([px, settling]),
    onStatus: (s) => h.statuses.push(s),
    refresh: () =>
      new Promise<void>((resolve, reject) => {
        h.refreshes++;
        h.finishRefresh = async (ok = true) => {
          if (ok) resolve();
          else reject(new Error('offline'));
          await Promise.resolve();
          await Promise.resolve();
        };
      }),
  });
  return h;
}

/** A finger put down at y = 10 on the element's child and moved down by each of `moves`. */
function pull(h: Harness, moves: number[], x = 100) {
  const target = h.element.firstElementChild!;
  touch(target, 'touchstart', 10, 100);
  return moves.map((dy) => touch(target, 'touchmove', 10 + dy, x));
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
  Reflect.deleteProperty(document.documentElement, 'scrollTop');
});

describe('pull-to-refresh gesture', () => {
  it('gives way less and less the further the finger goes (a rubber band)', () => {
    expect(pullHeight(0)).toBe(0);
    expect(pullHeight(-20)).toBe(0);
    expect(pullHeight(100)).toBeCloseTo(40);
    expect(pullHeight(300)).toBeCloseTo(85.71, 1);
    expect(pullHeight(10_000)).toBeLessThan(PULL_HEAD_PX * 5);
    // The threshold is reached a little after 170 px of finger travel.
    expect(pullHeight(170)).toBeLessThan(PULL_THRESHOLD_PX);
    expect(pullHeight(172)).toBeGreaterThan(PULL_THRESHOLD_PX);
  });

  it('pulls the head open, stops the page scrolling, and refreshes once released past the threshold', async () => {
    const h = harness();
    const moves = pull(h, [3, 40, 120, 300]);
    // Under 5 px nothing is decided yet, and the browser keeps the move.
    expect(moves[0]!.defaultPrevented).toBe(false);
    expect(moves.slice(1).every((m) => m.defaultPrevented)).toBe(true);
    expect(h.heights.map(([px]) => Math.round(px))).toEqual([Math.round(pullHeight(40)), 46, 86]);
    expect(h.heights.every(([, settling]) => !settling)).toBe(true);
    expect(h.statuses).toEqual(['pulling', 'canRelease']);

    touch(h.element, 'touchend');
    expect(h.statuses.at(-1)).toBe('refreshing');
    expect(h.heights.at(-1)).toEqual([PULL_HEAD_PX, true]);
    expect(h.refreshes).toBe(1);

    await h.finishRefresh();
    expect(h.statuses.at(-1)).toBe('complete');
    vi.advanceTimersByTime(PULL_COMPLETE_MS);
    expect(h.heights.at(-1)).toEqual([0, true]);
    vi.advanceTimersByTime(PULL_SETTLE_MS);
    expect(h.statuses).toEqual(['pulling', 'canRelease', 'refreshing', 'complete', 'idle']);
  });

  it('springs back without refreshing when released short of the threshold', () => {
    const h = harness();
    pull(h, [40, 100]);
    touch(h.element, 'touchend');
    expect(h.refreshes).toBe(0);
    expect(h.heights.at(-1)).toEqual([0, true]);
    vi.advanceTimersByTime(PULL_SETTLE_MS);
    expect(h.statuses).toEqual(['pulling', 'idle']);
  });

  it('does not refresh when the system cancels the touch', () => {
    const h = harness();
    pull(h, [300]);
    touch(h.element, 'touchcancel');
    expect(h.refreshes).toBe(0);
    expect(h.heights.at(-1)).toEqual([0, true]);
  });

  it('ignores new pulls while refreshing: one release is one refresh', async () => {
    const h = harness();
    pull(h, [300]);
    touch(h.element, 'touchend');
    const again = pull(h, [300]);
    touch(h.element, 'touchend');
    expect(again[0]!.defaultPrevented).toBe(false);
    expect(h.refreshes).toBe(1);
    await h.finishRefresh();
    expect(h.statuses.filter((s) => s === 'refreshing')).toHaveLength(1);
  });

  it('closes the head when the refresh fails (the page shows its own error)', async () => {
    const h = harness();
    pull(h, [300]);
    touch(h.element, 'touchend');
    await h.finishRefresh(false);
    expect(h.statuses).not.toContain('complete');
    expect(h.heights.at(-1)).toEqual([0, true]);
    vi.advanceTimersByTime(PULL_SETTLE_MS);
    expect(h.statuses.at(-1)).toBe('idle');
  });

  it('leaves the page alone for an upward or sideways move', () => {
    const h = harness();
    const up = pull(h, [-40]);
    touch(h.element, 'touchend');
    const sideways = pull(h, [10], 160);
    touch(h.element, 'touchend');
    expect([...up, ...sideways].some((m) => m.defaultPrevented)).toBe(false);
    expect(h.heights).toEqual([]);
    expect(h.statuses).toEqual([]);
  });

  it('leaves the page alone when it is scrolled down: the finger scrolls it back up', () => {
    const h = harness();
    // jsdom lays nothing out: the scrolled page is stood in for.
    Object.defineProperty(document.documentElement, 'scrollTop', { value: 120, configurable: true });
    const moves = pull(h, [40, 300]);
    touch(h.element, 'touchend');
    expect(moves.some((m) => m.defaultPrevented)).toBe(false);
    expect(h.refreshes).toBe(0);
  });

  it('a second finger is not a pull', () => {
    const h = harness();
    const target = h.element.firstElementChild!;
    const start = new Event('touchstart', { bubbles: true });
    Object.defineProperty(start, 'touches', {
      value: [
        { clientX: 0, clientY: 0 },
        { clientX: 50, clientY: 0 },
      ],
    });
    target.dispatchEvent(start);
    expect(touch(target, 'touchmove', 300).defaultPrevented).toBe(false);
  });

  it('a head closing from an earlier pull does not reset a newer one', () => {
    const h = harness();
    pull(h, [100]);
    touch(h.element, 'touchend'); // closing: idle is due in PULL_SETTLE_MS
    pull(h, [120]);
    vi.advanceTimersByTime(PULL_SETTLE_MS);
    expect(h.statuses.at(-1)).toBe('pulling');
  });

  it('stops listening when detached', () => {
    const h = harness();
    h.detach();
    expect(pull(h, [300]).some((m) => m.defaultPrevented)).toBe(false);
    expect(h.heights).toEqual([]);
  });
});

describe('at the top of the page', () => {
  it('is true when neither the page nor any box around the finger is scrolled', () => {
    const box = document.createElement('div');
    const inner = document.createElement('span');
    box.appendChild(inner);
    document.body.appendChild(box);
    expect(isAtTop(inner)).toBe(true);
    // jsdom lays nothing out: a box scrolled down is stood in for.
    Object.defineProperty(box, 'scrollTop', { value: 30 });
    expect(isAtTop(inner)).toBe(false);
  });
});
