import { describe, expect, it } from 'vitest';
import { RegistryCache } from '../../src/modules/releases/registry-cache';

function deferred<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('release registry cache', () => {
  it('serves from memory within maxAge, re-reads after it even without a notification', async () => {
    let now = 0;
    let version = 1;
    const cache = new RegistryCache(async () => version, { maxAgeMs: 5_000, now: () => now });
    expect(await cache.get()).toBe(1);
    version = 2;
    now = 4_999;
    expect(await cache.get()).toBe(1);
    expect(cache.loads).toBe(1);
    now = 5_000;
    expect(await cache.get()).toBe(2);
    expect(cache.loads).toBe(2);
  });

  it('100 concurrent readers share one read', async () => {
    const gate = deferred<number>();
    const cache = new RegistryCache(() => gate.promise, { maxAgeMs: 5_000 });
    const reads = Array.from({ length: 100 }, () => cache.get());
    gate.resolve(7);
    expect(new Set(await Promise.all(reads))).toEqual(new Set([7]));
    expect(cache.loads).toBe(1);
  });

  it('a read that raced a change is not kept: the next reader sees the change', async () => {
    const reads = [deferred<string>(), deferred<string>()];
    let i = 0;
    const cache = new RegistryCache(() => reads[i++]!.promise, { maxAgeMs: 60_000 });
    const stale = cache.get();
    cache.invalidate(); // a release committed while the old state was being read
    const fresh = cache.get();
    reads[0]!.resolve('old');
    reads[1]!.resolve('new');
    expect(await stale).toBe('old');
    expect(await fresh).toBe('new');
    expect(await cache.get()).toBe('new');
    expect(cache.peek()).toBe('new');
  });

  it('a failed read is not cached', async () => {
    let fail = true;
    const cache = new RegistryCache(
      async () => {
        if (fail) throw new Error('db down');
        return 1;
      },
      { maxAgeMs: 5_000 },
    );
    await expect(cache.get()).rejects.toThrow('db down');
    fail = false;
    expect(await cache.get()).toBe(1);
  });
});
