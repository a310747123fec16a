import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../testing';
import { SandboxPurchaseForm } from './sandbox-purchase-form';

afterEach(cleanup);

const cards = {
  cards: [
    { id: 'c-applying', brand: 'visa', last4: null, status: 'applying' },
    { id: 'c1', brand: 'visa', last4: '4242', status: 'active' },
    { id: 'c2', brand: 'mastercard', last4: '5454', status: 'frozen' },
  ],
};

describe('sandbox merchant simulator on the diagnostics page', () => {
  it('buys on the chosen card through the sandbox issuer and says what the issuer answered', async () => {
    const sent: unknown[] = [];
    renderPage(<SandboxPurchaseForm />, {
      'GET card/list': () => cards,
      'POST dev/cards/purchase': (body) => {
        sent.push(body);
        return (body as { cardId: string }).cardId === 'c2'
          ? { transactionId: 't2', approved: false, declineReason: 'card_frozen' }
          : { transactionId: 't1', approved: true, declineReason: null };
      },
    });
    const user = userEvent.setup();
    const card = await screen.findByLabelText('Card');
    expect(
      within(card)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Visa •••• 4242', 'Mastercard •••• 5454']);

    const amount = screen.getByLabelText('Amount (USD)');
    await user.clear(amount);
    await user.type(amount, '12.345');
    await user.click(screen.getByRole('button', { name: 'Make the purchase' }));
    // Refused at the field (more decimals than USD has), never rounded; nothing is sent.
    expect(screen.getByText('At most 2 decimal places')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '8.40');
    await user.click(screen.getByLabelText('Merchant completes it at once'));
    await user.click(screen.getByRole('button', { name: 'Make the purchase' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Approved: held on the card as a pre-authorisation until the merchant completes it.',
    );
    expect(sent).toEqual([
      {
        cardId: 'c1',
        // The figure read under the field, canonical.
        amount: '8.4',
        merchant: 'Sandbox Coffee',
        then: 'none',
        channel: 'chip',
        risk: 'normal',
        mcc: '5814',
      },
    ]);

    await user.selectOptions(card, 'c2');
    await user.click(screen.getByRole('button', { name: 'Make the purchase' }));
    expect(await screen.findByText('Declined by the card issuer (card_frozen).')).toBeInTheDocument();
  });

  it('an online purchase at a risky merchant: channel, risk and MCC are sent; a 3-D Secure challenge is reported', async () => {
    const sent: unknown[] = [];
    renderPage(<SandboxPurchaseForm />, {
      'GET card/list': () => cards,
      'POST dev/cards/purchase': (body) => {
        sent.push(body);
        return { transactionId: 't3', approved: false, declineReason: null, challengeId: '3ds_1' };
      },
    });
    const user = userEvent.setup();
    await screen.findByLabelText('Card');
    await user.selectOptions(screen.getByLabelText('How the card is used'), 'online');
    await user.selectOptions(screen.getByLabelText('Merchant risk (3-D Secure)'), 'high');
    await user.selectOptions(screen.getByLabelText('Merchant category (MCC)'), '7995');
    await user.click(screen.getByRole('button', { name: 'Make the purchase' }));
    expect(await screen.findByRole('status')).toHaveTextContent('confirm this payment in the app (3-D Secure)');
    expect(sent).toEqual([expect.objectContaining({ channel: 'online', risk: 'high', mcc: '7995' })]);
  });

  it('without a card, says how to get one', async () => {
    renderPage(<SandboxPurchaseForm />, { 'GET card/list': () => ({ cards: [] }) });
    expect(await screen.findByText('Apply for a card to try a test purchase.')).toBeInTheDocument();
  });
});
