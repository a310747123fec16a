import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import { ThreeDsSheet } from './three-ds-sheet';

vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => false, startAuthentication: vi.fn() }));

const challenge = {
  id: 'tds_1',
  cardId: 'c1',
  maskedNumber: '•••• 4242',
  cardBrand: 'visa',
  merchant: { name: 'Hotel Paris', city: 'Paris', country: 'FR', mcc: '7011' },
  amount: '100',
  currency: 'EUR',
  billingAmount: '108.00',
  status: 'pending' as const,
  createdAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 300_000).toISOString(),
  answeredAt: null,
};

describe('3-D Secure sheet', () => {
  it('shows merchant, both amounts, card and time left; approve asks for the transaction password, one answer sent', async () => {
    const onDone = vi.fn();
    const { user, calls } = renderWithHost(<ThreeDsSheet challenge={challenge} onDone={onDone} />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [] }),
        'POST card/threeDs/approve': () => ({ ...challenge, status: 'approved', answeredAt: challenge.createdAt }),
      },
    });
    expect(screen.getByRole('heading', { name: 'Confirm this payment' })).toBeInTheDocument();
    expect(screen.getByText('Hotel Paris')).toBeInTheDocument();
    expect(screen.getByText('€100.00')).toBeInTheDocument();
    expect(screen.getByText('$108.00')).toBeInTheDocument();
    expect(screen.getByText('Visa •••• 4242')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(/^[45]:\d\d$/);
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await user.type(screen.getByLabelText('Transaction password, 6 digits'), '246810');
    expect(await screen.findByText('Approved. The merchant completes the payment.')).toBeInTheDocument();
    expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'approved' }));
    const sent = calls.filter((c) => c.method === 'POST' && c.url === 'card/threeDs/approve');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ id: 'tds_1', payPassword: '246810' });
  });

  it('decline is one tap; an answer from another tab shows the final state', async () => {
    const onDone = vi.fn();
    const { user } = renderWithHost(<ThreeDsSheet challenge={challenge} onDone={onDone} />, {
      loggedIn: true,
      routes: {
        'GET passkey/list': () => ({ items: [] }),
        'POST card/threeDs/decline': () =>
          apiError('card_threeds_answered', 'This payment request was already answered (approved).', {
            code: 409,
            data: { status: 'approved' },
          }),
      },
    });
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(expect.objectContaining({ status: 'approved' })));
    expect(screen.getByRole('status')).toHaveTextContent('Approved');
  });
});
