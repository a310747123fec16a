import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { renderPage } from '../testing';
import { SandboxDisputeDesk } from './sandbox-dispute-desk';

afterEach(cleanup);

const list = {
  data: [
    { id: 'd1', merchant: 'Gadget Store', amount: '25.00', status: 'under_review' },
    { id: 'd2', merchant: 'Old Shop', amount: '5.00', status: 'won' },
    { id: 'd3', merchant: 'Cafe', amount: '4.00', status: 'submitted' },
  ],
};

describe('sandbox dispute desk on the diagnostics page', () => {
  it('sets the decision, then moves each of the customer’s open disputes one step', async () => {
    const sent: Array<[string, unknown]> = [];
    renderPage(<SandboxDisputeDesk />, {
      'GET card/dispute/list': () => list,
      'POST dev/cards/disputes/outcome': (body) => {
        sent.push(['outcome', body]);
        return { outcome: 'lost', reason: 'x' };
      },
      'POST dev/cards/disputes/advance': (body) => {
        sent.push(['advance', body]);
        return { advanced: 1 };
      },
    });
    const user = userEvent.setup();
    await screen.findByRole('form', { name: 'Sandbox disputes (card issuer)' });
    // Closed disputes are not offered.
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['', 'd1', 'd3']);
    await user.click(screen.getByLabelText('Lost: the credit is taken back'));
    await user.type(screen.getByLabelText('Reason given when lost'), 'Delivered');
    await user.click(screen.getByRole('button', { name: 'Move one step' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Disputes moved: 2');
    expect(sent).toEqual([
      ['outcome', { outcome: 'lost', reason: 'Delivered' }],
      ['advance', { disputeId: 'd1' }],
      ['advance', { disputeId: 'd3' }],
    ]);
  });

  it('without an open dispute, says how to file one', async () => {
    renderPage(<SandboxDisputeDesk />, { 'GET card/dispute/list': () => ({ data: [] }) });
    expect(
      await screen.findByText('You have no open dispute. File one from a purchase in your card statement.'),
    ).toBeInTheDocument();
  });
});
