import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { FIRST_SCREEN_MAX_WAIT_MS, FirstScreenMark, afterFirstScreen, resetFirstScreen } from './first-screen';

describe('afterFirstScreen (deferred work waits for the first page, issue 24)', () => {
  afterEach(() => {
    vi.useRealTimers();
    resetFirstScreen();
  });

  it('runs nothing before a page has rendered, then runs when idle', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    afterFirstScreen(task, 2_000);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).not.toHaveBeenCalled();
    render(<FirstScreenMark />);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('runs anyway when no page renders (a failed page) after the longest wait', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    afterFirstScreen(task, 100);
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS - 1);
    expect(task).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('a cancelled task never runs', async () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancel = afterFirstScreen(task, 100);
    render(<FirstScreenMark />);
    cancel();
    await vi.advanceTimersByTimeAsync(FIRST_SCREEN_MAX_WAIT_MS + 1_000);
    expect(task).not.toHaveBeenCalled();
  });
});
