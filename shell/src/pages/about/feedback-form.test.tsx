import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@cardwallet/shared';
import { renderPage } from '../testing';
import { FeedbackForm } from './feedback-form';

afterEach(cleanup);

describe('help centre feedback', () => {
  it('needs a rating and a message; stars are radios the keyboard can choose; sends and clears', async () => {
    const sent: unknown[] = [];
    const { host } = renderPage(<FeedbackForm />, {
      'POST content/feedback': (body) => (sent.push(body), { id: '1' }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(screen.getByText('Please choose a rating.')).toBeInTheDocument();
    expect(screen.getByText('Please write a message.')).toBeInTheDocument();
    expect(sent).toEqual([]);
    await user.click(screen.getByRole('radio', { name: '2 of 5 stars' }));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked();
    const box = screen.getByLabelText('Your message');
    await user.type(box, 'y'.repeat(150));
    expect(box).toHaveValue('y'.repeat(140));
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(sent).toEqual([{ rating: 4, message: 'y'.repeat(140) }]);
    expect(host.toast.show).toHaveBeenCalledWith('Thank you for your feedback!', { icon: 'success' });
    expect(box).toHaveValue('');
  });

  it("shows the API's field messages next to the fields", async () => {
    renderPage(<FeedbackForm />, {
      'POST content/feedback': () =>
        new ApiError('Wrong parameters', 200, 422, 'invalid_params', { fields: { message: 'Too long' } }),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '5 of 5 stars' }));
    await user.type(screen.getByLabelText('Your message'), 'hello');
    await user.click(screen.getByRole('button', { name: 'Send feedback' }));
    expect(await screen.findByText('Too long')).toBeInTheDocument();
  });

  it('asks a signed-out visitor to log in', async () => {
    const { host } = renderPage(<FeedbackForm />, {}, '/', { loggedIn: false });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log in to send feedback' }));
    expect(host.session.requireLogin).toHaveBeenCalled();
  });
});
