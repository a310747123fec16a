import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { startAuthentication } from '@simplewebauthn/browser';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { StepUpStep } from './step-up-step';
import {
  passkeyAssertion as assertion,
  passkeyListItem as key,
  proofCeremony as ceremony,
} from '@cardwallet/shared/testing/passkeys';

// Only the browser's passkey dialog is faked (the real one runs in e2e/tests/passkeys.spec.ts).
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));
const dialog = vi.mocked(startAuthentication);

describe('transaction-password step-up with a passkey', () => {
  it('offers the passkey first; a cancel is said under it, then it steps up paypass once per press', async () => {
    let finish!: () => void;
    const onDone = vi.fn();
    const { user, calls } = renderWithHost(<StepUpStep accounts={['ada@example.com']} onDone={onDone} />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST user/stepUp': () => ({ expiresInSeconds: 300 }),
      },
    });
    const button = await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 });
    expect(screen.getByLabelText('Login password')).toBeInTheDocument();
    dialog.mockRejectedValueOnce(Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }));
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('The passkey request was cancelled or timed out.');
    dialog.mockImplementationOnce(() => new Promise((resolve) => (finish = () => resolve(assertion as never))));
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    await user.click(button);
    finish();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(dialog).toHaveBeenCalledTimes(2);
    expect(calls.filter((c) => c.url === 'user/stepUp')).toHaveLength(1);
    expect(calls.find((c) => c.url === 'user/stepUp')!.body).toEqual({
      purpose: 'paypass',
      proof: { kind: 'passkey', ceremonyId: ceremony.ceremonyId, response: assertion },
    });
  });

  it("the API's refusal is shown next to the button", async () => {
    dialog.mockResolvedValue(assertion as never);
    const { user } = renderWithHost(<StepUpStep accounts={[]} onDone={() => undefined} />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [key] }),
        'POST passkey/proofOptions': () => ceremony,
        'POST user/stepUp': () => apiError('passkey_invalid', 'This passkey could not be verified.', { code: 401 }),
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }, { timeout: 5_000 }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This passkey could not be verified.');
  });

  it('without a passkey: the login password only', async () => {
    renderWithHost(<StepUpStep accounts={[]} onDone={() => undefined} />, {
      loggedIn: true,
      routes: { 'GET passkey/list': () => ({ items: [] }) },
    });
    expect(await screen.findByLabelText('Login password')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).not.toBeInTheDocument();
  });
});
