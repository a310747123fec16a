import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_LOADING_DELAY_MS } from '@cardwallet/shared';
import { DelayedLoading } from './status-views';

afterEach(() => vi.useRealTimers());

describe('page loading view', () => {
  it('appears only after 200 ms, so fast pages never flash a spinner', () => {
    vi.useFakeTimers();
    render(<DelayedLoading />);
    act(() => vi.advanceTimersByTime(PAGE_LOADING_DELAY_MS - 1));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeTruthy();
  });
});
