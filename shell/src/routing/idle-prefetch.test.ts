import { describe, expect, it, vi } from 'vitest';
import { scheduleIdlePrefetch, type IdlePrefetchDeps } from './idle-prefetch';

function deps(over: Partial<IdlePrefetchDeps> = {}) {
  const tasks: Array<() => void> = [];
  const prefetchNextApps = vi.fn(async () => ['mf_wallet']);
  const load = vi.fn(async () => ({ prefetchNextApps }));
  const d: IdlePrefetchDeps = {
    descriptor: () => undefined,
    isLoaded: () => false,
    isLoggedIn: () => true,
    currentPath: () => '/',
    schedule: (task) => tasks.push(task),
    load,
    ...over,
  };
  return { d, tasks, load, prefetchNextApps };
}

describe('scheduling the idle prefetch (issue 24)', () => {
  it('loads the prefetch chunk only when scheduled (after the first screen, when idle), then runs it', async () => {
    const { d, tasks, load, prefetchNextApps } = deps();
    scheduleIdlePrefetch(d);
    expect(load).not.toHaveBeenCalled();
    tasks[0]?.();
    await vi.waitFor(() => expect(prefetchNextApps).toHaveBeenCalledWith(d));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('signed out, with Save-Data or on 2G the chunk is not even asked for', () => {
    for (const over of [
      { isLoggedIn: () => false },
      { connection: () => ({ saveData: true }) },
      { connection: () => ({ effectiveType: 'slow-2g' }) },
      { connection: () => ({ effectiveType: '2g' }) },
    ]) {
      const { d, tasks, load } = deps(over);
      scheduleIdlePrefetch(d);
      tasks[0]?.();
      expect(load).not.toHaveBeenCalled();
    }
  });

  it('a chunk that cannot load (offline) is left alone', async () => {
    const { d, tasks } = deps({ load: () => Promise.reject(new TypeError('Failed to fetch')) });
    scheduleIdlePrefetch(d);
    expect(() => tasks[0]?.()).not.toThrow();
    await new Promise((r) => setTimeout(r, 0));
  });
});
