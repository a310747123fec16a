import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import PasskeysPage from './passkeys-page';

const phone = {
  id: '7',
  name: 'Chrome on Android',
  createdAt: '2026-03-01T10:00:00.000Z',
  lastUsedAt: null,
  backedUp: true,
};

describe('passkeys page', () => {
  it('shows the empty state when there is no passkey', async () => {
    renderWithHost(<PasskeysPage />, { loggedIn: true, routes: { 'GET passkey/list': () => ({ items: [] }) } });
    expect(await screen.findByRole('heading', { name: 'No passkeys yet' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Your passkeys' })).not.toBeInTheDocument();
  });

  it('lists passkeys with their dates, renames one in place', async () => {
    let name = phone.name;
    const { user, calls } = renderWithHost(<PasskeysPage />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [{ ...phone, name }] }),
        'POST passkey/rename': ({ body }) => {
          name = (body as { name: string }).name;
          return { ...phone, name };
        },
      },
    });
    const row = await screen.findByRole('listitem', { name: 'Chrome on Android' });
    expect(within(row).getByText(/Created Mar 1, 2026 · never used/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Rename Chrome on Android' }));
    const field = screen.getByLabelText('Passkey name');
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name.');
    await user.type(field, 'Work phone');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('listitem', { name: 'Work phone' })).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'passkey/rename')?.body).toEqual({ id: '7', name: 'Work phone' });
  });

  it('removes after the confirmation; shows the server error next to the passkey', async () => {
    const { user, host, calls } = renderWithHost(<PasskeysPage />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [phone] }),
        'POST passkey/remove': () => apiError('passkey_not_found', 'Passkey not found.', { code: 404 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    expect(host.modal.confirm).toHaveBeenCalledWith(expect.objectContaining({ title: 'Remove this passkey?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Passkey not found.');
    expect(calls.filter((c) => c.url === 'passkey/remove')).toHaveLength(1);
  });

  it('does not remove when the confirmation is declined', async () => {
    const { user, host, calls } = renderWithHost(<PasskeysPage />, {
      loggedIn: true,
      routes: { 'GET passkey/list': () => ({ items: [phone] }) },
    });
    vi.mocked(host.modal.confirm).mockResolvedValueOnce(false);
    await user.click(await screen.findByRole('button', { name: 'Remove Chrome on Android' }));
    await waitFor(() => expect(host.modal.confirm).toHaveBeenCalled());
    expect(calls.some((c) => c.url === 'passkey/remove')).toBe(false);
  });
});
