// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/envelope';
import { EmptyState, LoadError, PageSkeleton } from './page-state';

// No i18n instance: react-i18next's t returns the key, which shows the namespace-relative keys used.
afterEach(cleanup);

describe('shared page states', () => {
  it("LoadError shows the server's message as an alert, in the app's class, and retries", () => {
    const onRetry = vi.fn();
    const { container } = render(
      <LoadError ns="demo" className="demo-state" error={new ApiError('Server says no', 500)} onRetry={onRetry} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Server says no');
    expect(container.firstElementChild?.className).toBe('demo-state');
    fireEvent.click(screen.getByRole('button', { name: 'common.retry' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
  it('PageSkeleton is one status announced as loading; EmptyState shows its texts', () => {
    render(<PageSkeleton ns="demo" className="demo-skeleton" />);
    expect(screen.getByRole('status', { name: 'common.loading' }).className).toBe('demo-skeleton');
    render(<EmptyState className="demo-state" title="No friends yet" description="Invite one" />);
    expect(screen.getByText('No friends yet')).toBeTruthy();
    expect(screen.getByText('Invite one')).toBeTruthy();
  });
});
