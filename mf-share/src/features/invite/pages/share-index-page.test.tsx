import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import { inviteFixture, summaryFixture } from '../../../testing/fixtures';
import ShareIndexPage from './share-index-page';

const routes = { 'GET referral/invite': () => inviteFixture, 'GET referral/summary': () => summaryFixture };

describe('share index', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'share');
  });

  it('shows the code, the link carrying refereeId = the user id, totals, rates and the poster with a QR code', async () => {
    const { user, host } = renderWithHost(<ShareIndexPage />, { loggedIn: true, routes });
    expect(await screen.findByText('K7QM2RXA', { selector: '.share-code' })).toBeInTheDocument();
    const link = `${window.location.origin}/pages/passport/invitation?refereeId=100001`;
    expect(screen.getByText(link)).toBeInTheDocument();
    expect(await screen.findByText('$42.50')).toBeInTheDocument();
    expect(screen.getByText('6')).toBeInTheDocument();
    expect(screen.getByText(/\$5\.00 when a friend you invited opens a card, \$2\.00/)).toBeInTheDocument();
    expect(screen.getByText(/1 % of every top-up/)).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: /QR code of your invitation link and the code K7QM2RXA/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save poster' })).toBeEnabled();

    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(screen.getByRole('button', { name: 'Copy invitation link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    expect(host.toast.show).toHaveBeenCalledWith('Copied', { icon: 'success' });

    // No Web Share API in this browser: no share button.
    expect(screen.queryByRole('button', { name: 'Share invitation' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'My friends' }));
    expect(host.navigation.navigate).toHaveBeenCalledWith('/pages/share/my-friend');
  });

  it('opens the system share sheet with the link where the browser has one', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    const { user } = renderWithHost(<ShareIndexPage />, { loggedIn: true, routes });
    await user.click(await screen.findByRole('button', { name: 'Share invitation' }));
    await waitFor(() =>
      expect(share).toHaveBeenCalledWith(
        expect.objectContaining({ url: `${window.location.origin}/pages/passport/invitation?refereeId=100001` }),
      ),
    );
  });

  it('reads right to left in ar-AE with the code and amounts kept left to right', async () => {
    renderWithHost(<ShareIndexPage />, { loggedIn: true, locale: 'ar-AE', routes });
    expect(await screen.findByText('K7QM2RXA', { selector: '.share-code' })).toHaveClass('cw-ltr');
    expect(screen.getByRole('heading', { name: 'دعوة الأصدقاء', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'نسخ رابط الدعوة' })).toBeInTheDocument();
  });
});
