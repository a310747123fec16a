import { describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, PAGE_TIMEOUT_MS } from '@cardwallet/shared';
import { FeatureLoadError, withTimeout } from './feature-registry';

describe('load timeouts (spec: page 60 s, chunk 120 s)', () => {
  it('uses the spec constants', () => {
    expect(PAGE_TIMEOUT_MS).toBe(60_000);
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
  });

  it('rejects with the given error when the promise is too slow, and not before', async () => {
    vi.useFakeTimers();
    const slow = withTimeout(
      new Promise(() => undefined),
      CHUNK_TIMEOUT_MS,
      () => new FeatureLoadError('chunk', 'chunk load error'),
    );
    const outcome = slow.catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ reason: 'chunk' });
    vi.useRealTimers();
  });

  it('passes results and errors through when in time', async () => {
    await expect(withTimeout(Promise.resolve(7), 10, () => new Error('late'))).resolves.toBe(7);
    await expect(withTimeout(Promise.reject(new Error('boom')), 10, () => new Error('late'))).rejects.toThrow('boom');
  });
});
