import { scheduleServiceWorker } from './register';

describe('service worker registration', () => {
  it('does nothing outside production builds or without service workers', () => {
    const register = vi.fn(() => Promise.resolve());
    expect(scheduleServiceWorker({ serviceWorker: { register } } as never, false)).toBe(false);
    expect(scheduleServiceWorker({} as never, true)).toBe(false);
    expect(register).not.toHaveBeenCalled();
  });

  it('registers /sw.js for the whole origin once loaded and idle', async () => {
    vi.useFakeTimers();
    const register = vi.fn(() => Promise.reject(new Error('refused')));
    expect(scheduleServiceWorker({ serviceWorker: { register } } as never, true)).toBe(true);
    expect(register).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/' });
    vi.useRealTimers();
  });
});
