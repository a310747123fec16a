import { screen } from '@testing-library/react';
import { SKIP_WAITING, scheduleServiceWorker, showUpdatePrompt, watchForUpdates } from './register';

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

describe('service worker update prompt', () => {
  type Listener = () => void;
  function fakeContainer(controller: unknown) {
    const listeners: Record<string, Listener[]> = {};
    return {
      controller,
      register: vi.fn(),
      addEventListener: (type: string, cb: Listener) => (listeners[type] ??= []).push(cb),
      fire: (type: string) => listeners[type]?.forEach((cb) => cb()),
    };
  }
  function fakeWorker(state = 'installed') {
    const listeners: Listener[] = [];
    return {
      state,
      postMessage: vi.fn(),
      addEventListener: (_: string, cb: Listener) => listeners.push(cb),
      become(next: string) {
        this.state = next;
        listeners.forEach((cb) => cb());
      },
    };
  }
  function fakeRegistration(waiting: unknown = null) {
    const listeners: Listener[] = [];
    return {
      waiting,
      installing: null as unknown,
      update: vi.fn(() => Promise.resolve()),
      addEventListener: (_: string, cb: Listener) => listeners.push(cb),
      found(worker: unknown) {
        this.installing = worker;
        listeners.forEach((cb) => cb());
      },
    };
  }

  it('offers a worker already waiting and reloads only after it took over at the customer’s word', () => {
    const container = fakeContainer({});
    const waiting = fakeWorker();
    const onUpdate = vi.fn();
    const reload = vi.fn();
    watchForUpdates(container as never, fakeRegistration(waiting) as never, { onUpdate, reload });
    expect(onUpdate).toHaveBeenCalledTimes(1);
    expect(waiting.postMessage).not.toHaveBeenCalled();
    const apply = onUpdate.mock.calls[0]![0] as () => void;
    apply();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    expect(reload).not.toHaveBeenCalled();
    container.fire('controllerchange');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('offers a worker found later once installed, never on the first install', () => {
    const first = fakeContainer(null);
    const onFirst = vi.fn();
    const reg1 = fakeRegistration();
    watchForUpdates(first as never, reg1 as never, { onUpdate: onFirst, reload: vi.fn() });
    const w1 = fakeWorker('installing');
    reg1.found(w1);
    w1.become('installed');
    expect(onFirst).not.toHaveBeenCalled();

    const later = fakeContainer({});
    const onUpdate = vi.fn();
    const reg = fakeRegistration();
    watchForUpdates(later as never, reg as never, { onUpdate, reload: vi.fn() });
    const w = fakeWorker('installing');
    reg.found(w);
    expect(onUpdate).not.toHaveBeenCalled();
    w.become('installed');
    w.become('installed');
    expect(onUpdate).toHaveBeenCalledTimes(1);
  });

  it('another tab whose controller changed is offered a reload, not reloaded', () => {
    const container = fakeContainer({});
    const onUpdate = vi.fn();
    const reload = vi.fn();
    watchForUpdates(container as never, fakeRegistration() as never, { onUpdate, reload });
    container.fire('controllerchange');
    expect(reload).not.toHaveBeenCalled();
    expect(onUpdate).toHaveBeenCalledTimes(1);
    (onUpdate.mock.calls[0]![0] as () => void)();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('the prompt is a labelled region with a Reload button that applies once', () => {
    const apply = vi.fn();
    const t = (key: string) => `T:${key}`;
    showUpdatePrompt(t, apply);
    showUpdatePrompt(t, apply);
    const region = screen.getByRole('status', { name: 'T:update.title' });
    expect(document.querySelectorAll('#cw-update-prompt')).toHaveLength(1);
    expect(region.textContent).toContain('T:update.body');
    const button = screen.getByRole('button', { name: 'T:update.reload' });
    button.click();
    button.click();
    expect(apply).toHaveBeenCalledTimes(1);
    region.remove();
  });
});
