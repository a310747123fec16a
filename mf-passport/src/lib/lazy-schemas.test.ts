import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.doUnmock('./schemas-chunk');
  vi.resetModules();
});

describe('lazy schemas (issue 24: zod and the phone metadata off the login page first screen)', () => {
  it('loads the chunk once and hands every caller the same schemas', async () => {
    const { loadSchemas } = await import('./lazy-schemas');
    const [a, b] = await Promise.all([loadSchemas(), loadSchemas()]);
    expect(a).toBe(b);
    expect(a.loginBody.safeParse({ account: 'me@example.com', password: 'Correct-Horse-1' }).success).toBe(true);
    expect(a.toE164('+90', '0532 123 45 67')).toBe('+905321234567');
    expect(typeof a.zodResolver).toBe('function');
  });

  it('asks again after a failed load instead of keeping the failure', async () => {
    let attempts = 0;
    vi.doMock('./schemas-chunk', () => {
      attempts += 1;
      if (attempts === 1) throw new Error('chunk load failed');
      return { marker: 'second' };
    });
    const { loadSchemas, warmSchemas } = await import('./lazy-schemas');
    warmSchemas(); // a failure while warming is not thrown at the caller
    await expect(loadSchemas()).rejects.toThrow(); // vitest wraps the factory's error
    await expect(loadSchemas()).resolves.toMatchObject({ marker: 'second' });
    expect(attempts).toBe(2);
  });
});
