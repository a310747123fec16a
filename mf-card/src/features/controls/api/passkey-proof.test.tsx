import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { passkeyListQueryKey } from '@cardwallet/shared/forms';
import { renderWithHost } from '../../../testing/render';
import { RevealPanel } from '../components/reveal-panel';
import { passkeyListItem as key } from '@cardwallet/shared/testing/passkeys';

vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));

describe("the card pages' passkey offer follows the shared passkey list", () => {
  it('a passkey added in settings (mf-user invalidates the shared key) is offered without a reload', async () => {
    let items: unknown[] = [];
    const { user, queryClient } = renderWithHost(<RevealPanel cardId="c1" />, {
      loggedIn: true,
      routes: { 'GET passkey/list': () => ({ items }) },
    });
    await user.click(await screen.findByRole('button', { name: 'View card number and CVV' }));
    expect(await screen.findByLabelText('Transaction password, 6 digits')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).toBeNull();
    // What mf-user's add/remove passkey mutations do on success, in the shell's shared cache.
    items = [key];
    await act(() => queryClient.invalidateQueries({ queryKey: passkeyListQueryKey }));
    expect(await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 })).toBeInTheDocument();
    items = [];
    await act(() => queryClient.invalidateQueries({ queryKey: passkeyListQueryKey }));
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).toBeNull());
  });
});
