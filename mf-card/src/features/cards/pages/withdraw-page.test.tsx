import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { startAuthentication } from '@simplewebauthn/browser';
import { renderWithHost } from '../../../testing/render';
import { cardFixture, eligibilityFixture, productsFixture, withdrawQuoteFixture } from '../../../testing/fixtures';
import WithdrawPage from './withdraw-page';
import {
  passkeyAssertion as assertion,
  passkeyListItem as key,
  proofCeremony as ceremony,
} from '@cardwallet/shared/testing/passkeys';

// The browser's passkey dialog is the only thing faked here.
vi.mock('@simplewebauthn/browser', () => ({ browserSupportsWebAuthn: () => true, startAuthentication: vi.fn() }));
const dialog = vi.mocked(startAuthentication);

const routes = (passkeys: unknown[]) => ({
  'GET card/products': () => productsFixture,
  'GET card/eligibility': () => eligibilityFixture({ cardFunding: '80.00' }),
  'GET card/detail': () => cardFixture(),
  'GET card/withdrawQuote': ({ params }: { params?: Readonly<Record<string, unknown>> }) =>
    withdrawQuoteFixture(params),
  'GET coupon/list': () => ({ data: [], current_page: 1, last_page: 1, per_page: 50, total: 0 }),
  'GET passkey/list': () => ({ items: passkeys }),
  'POST passkey/proofOptions': () => ceremony,
  'POST card/withdraw': () => ({
    id: 'op2',
    cardId: 'c1',
    kind: 'withdraw',
    amount: '40.00',
    fee: '5.00',
    walletCurrency: 'USDT',
    createdAt: '2026-11-23T10:00:00.000Z',
    card: cardFixture({ balance: '55.00' }),
  }),
});

describe('card withdraw page', () => {
  beforeEach(() => {
    dialog.mockReset();
  });

  it('a passkey proves the withdrawal instead of the transaction password (issue 22)', async () => {
    dialog.mockResolvedValue(assertion as never);
    const { user, host, calls } = renderWithHost(<WithdrawPage />, {
      loggedIn: true,
      routes: routes([key]),
      route: '/pages/card/withdraw?cardId=c1',
    });
    await user.type(await screen.findByLabelText('Amount (USD)'), '40');
    await user.click(screen.getByRole('radio', { name: 'USDT' }));
    // The password stays as the fallback.
    expect(screen.getByLabelText('Transaction password')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }));
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/index'));
    expect(dialog).toHaveBeenCalledTimes(1);
    const sent = calls.find((c) => c.url === 'card/withdraw')!;
    expect(sent.body).toEqual({
      cardId: 'c1',
      amount: '40',
      currency: 'USDT',
      passkey: { ceremonyId: ceremony.ceremonyId, response: assertion },
    });
    expect(sent.options.idempotencyKey).toBe(true);
  });

  it('an amount the page already knows is refused never opens the passkey dialog', async () => {
    const { user, calls } = renderWithHost(<WithdrawPage />, {
      loggedIn: true,
      routes: routes([key]),
      route: '/pages/card/withdraw?cardId=c1',
    });
    await user.type(await screen.findByLabelText('Amount (USD)'), '99999');
    await user.click(await screen.findByRole('button', { name: 'Confirm with passkey' }));
    // Refused at the field as it is typed: more than the card holds.
    expect(await screen.findByText('More than the \u2068100.00 USD\u2069 available')).toBeInTheDocument();
    expect(dialog).not.toHaveBeenCalled();
    expect(calls.filter((c) => c.url === 'passkey/proofOptions' || c.url === 'card/withdraw')).toHaveLength(0);
  });

  it('without a passkey only the transaction password is asked', async () => {
    renderWithHost(<WithdrawPage />, { loggedIn: true, routes: routes([]), route: '/pages/card/withdraw?cardId=c1' });
    await screen.findByLabelText('Transaction password');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm with passkey' })).not.toBeInTheDocument());
  });

  it('in ar-AE the limits sentence isolates each amount (no "$US 10.00")', async () => {
    renderWithHost(<WithdrawPage />, {
      locale: 'ar-AE',
      loggedIn: true,
      routes: routes([]),
      route: '/pages/card/withdraw?cardId=c1',
    });
    const intro = await screen.findByText((_, el) => el?.classList.contains('card-intro') ?? false);
    const amounts = intro.textContent!.match(/\u2068[^\u2069]*\u2069/g) ?? [];
    expect(amounts.length).toBe(3);
    for (const a of amounts) expect(a).toMatch(/\d/);
  });
});
