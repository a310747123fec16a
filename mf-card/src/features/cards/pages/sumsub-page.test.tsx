import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import SumsubPage from './sumsub-page';

describe('sumsub page', () => {
  it('opens the user app’s KYC 2 flow and comes back to applying', async () => {
    const { user, host } = renderWithHost(<SumsubPage />, { loggedIn: true });
    expect(screen.getByRole('heading', { level: 1, name: 'Identity check for physical cards' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start verification' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith(
      '/pages/user/kyc-lv2?redirect=%2Fpages%2Fcard%2Fapply%3Ftype%3Dphysical',
    );
  });

  it('is translated and mirrored in Arabic', () => {
    renderWithHost(<SumsubPage />, { locale: 'ar-AE', loggedIn: true });
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('button', { name: 'بدء التحقق' })).toBeInTheDocument();
  });
});
