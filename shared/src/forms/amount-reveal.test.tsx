// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createPageRenderer } from '../testing/render-page';
import { AmountReveal } from './amount-reveal';

const tree = {};
const { renderWithHost } = createPageRenderer({
  namespace: 'demo',
  resources: { 'en-US': tree, 'zh-HK': tree, 'ar-AE': tree, 'tr-TR': tree },
});

describe('shared AmountReveal', () => {
  it('shows a holding cut toward zero, the exact figure one tap away', async () => {
    renderWithHost(<AmountReveal amount="1.123456789999999999" currency="ETH" />, { locale: 'tr-TR' });
    const figure = screen.getByRole('button', { name: '1,12345678 ETH' });
    await userEvent.click(figure);
    expect(figure).toHaveTextContent('1,123456789999999999 ETH');
    expect(figure).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows the number alone when asked', async () => {
    renderWithHost(<AmountReveal amount="0.000000019" currency="ETH" withCurrency={false} />);
    const figure = screen.getByRole('button', { name: '0.00000001' });
    await userEvent.click(figure);
    expect(figure).toHaveTextContent(/^0\.000000019$/);
  });

  it('is plain text when no digit is hidden', () => {
    renderWithHost(<AmountReveal amount="12.5" currency="USDT" />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('12.50 USDT')).toBeInTheDocument();
  });
});
