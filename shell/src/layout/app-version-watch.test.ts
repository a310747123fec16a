import { describe, expect, it, vi } from 'vitest';
import type { AppVersion } from '@cardwallet/shared/schemas';
import { UPGRADE_CHECK_STALE_MS, watchAppVersion } from './app-version-watch';

const NEWER: AppVersion = {
  latestVersionCode: 1139,
  minimumVersionCode: 1,
  upgradeAvailable: true,
  upgradeRequired: false,
};

function fakeTab() {
  const listeners = new Set<() => void>();
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_type: string, fn: () => void) => void listeners.add(fn),
    removeEventListener: (_type: string, fn: () => void) => void listeners.delete(fn),
  };
  return {
    doc,
    listeners,
    show(state: DocumentVisibilityState) {
      doc.visibilityState = state;
      for (const l of listeners) l();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('app version watch', () => {
  it('asks once the first screen is up (not before), and hands the answer on', async () => {
    let first: () => void = () => {};
    const fetchVersion = vi.fn(async () => NEWER);
    const onVersion = vi.fn();
    watchAppVersion({ fetchVersion, onVersion, schedule: (run) => ((first = run), () => {}), doc: fakeTab().doc });
    expect(fetchVersion).not.toHaveBeenCalled();
    first();
    await settle();
    expect(onVersion).toHaveBeenCalledWith(NEWER);
  });

  it('asks again when the tab comes back after 30 minutes, not sooner, and never twice at once', async () => {
    let now = 0;
    const tab = fakeTab();
    const fetchVersion = vi.fn(async () => NEWER);
    watchAppVersion({
      fetchVersion,
      onVersion: () => {},
      now: () => now,
      schedule: (run) => (run(), () => {}),
      doc: tab.doc,
    });
    await settle();
    now = UPGRADE_CHECK_STALE_MS - 1;
    tab.show('hidden');
    tab.show('visible');
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    now = UPGRADE_CHECK_STALE_MS;
    tab.show('hidden');
    expect(fetchVersion).toHaveBeenCalledTimes(1);
    tab.show('visible');
    tab.show('visible');
    expect(fetchVersion).toHaveBeenCalledTimes(2);
  });

  it('stays quiet when the check fails, and tries again on a later return', async () => {
    let now = 0;
    const tab = fakeTab();
    const fetchVersion = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(NEWER);
    const onVersion = vi.fn();
    watchAppVersion({ fetchVersion, onVersion, now: () => now, schedule: (run) => (run(), () => {}), doc: tab.doc });
    await settle();
    expect(onVersion).not.toHaveBeenCalled();
    now = UPGRADE_CHECK_STALE_MS;
    tab.show('visible');
    await settle();
    expect(onVersion).toHaveBeenCalledWith(NEWER);
  });

  it('stops: no first check, no listener, no answer handed on after it', async () => {
    const tab = fakeTab();
    const cancelFirst = vi.fn();
    let resolve: (v: AppVersion) => void = () => {};
    const onVersion = vi.fn();
    let run: () => void = () => {};
    const stop = watchAppVersion({
      fetchVersion: () => new Promise((r) => (resolve = r)),
      onVersion,
      schedule: (check) => ((run = check), cancelFirst),
      doc: tab.doc,
    });
    run();
    stop();
    resolve(NEWER);
    await settle();
    expect(onVersion).not.toHaveBeenCalled();
    expect(cancelFirst).toHaveBeenCalled();
    expect(tab.listeners.size).toBe(0);
  });
});
