import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiError, registerDataFixture, type FakeRoutes } from '../../../testing/fake-host';
import { renderWithHost } from '../../../testing/render';
import LoginPage from '../pages/login-page';

const routes = (login: FakeRoutes[string] = () => ({ token: 't0k3n', userId: 'u-1' })): FakeRoutes => ({
  'GET user/getRegisterData': () => registerDataFixture,
  'POST user/login': login,
});
const field = (name: string) => screen.getByLabelText(name, { selector: 'input' });

describe('login page', () => {
  it('sends someone already signed in on to where they were going, without the form', async () => {
    const { host } = renderWithHost(<LoginPage />, { routes: routes(), loggedIn: true, returnTo: '/pages/card/index' });
    await waitFor(() => expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/card/index'));
    expect(host.session.signIn).not.toHaveBeenCalled();
  });

  it('marks empty fields as required on leaving them, before any submit', async () => {
    const { user } = renderWithHost(<LoginPage />, { routes: routes() });
    await user.click(field('E-mail address'));
    await user.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
  });

  it('refuses an account that is neither an e-mail nor a mobile number', async () => {
    const { user, calls } = renderWithHost(<LoginPage />, { routes: routes() });
    await user.type(field('E-mail address'), 'someone@');
    await user.type(field('Password'), 'whatever-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a valid e-mail or mobile number')).toBeInTheDocument();
    expect(calls.some((c) => c.url === 'user/login')).toBe(false);
  });

  it('signs in through the host and returns to the page that asked for the login', async () => {
    const { user, host, calls } = renderWithHost(<LoginPage />, {
      routes: routes(),
      returnTo: '/pages/wallet/recharge?currency=USDT',
    });
    await user.type(field('E-mail address'), ' Me@Example.com ');
    await user.type(field('Password'), 'Correct-Horse-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(host.session.signIn).toHaveBeenCalledWith({ token: 't0k3n', userId: 'u-1' }));
    const call = calls.find((c) => c.url === 'user/login');
    expect(call?.body).toEqual({ account: 'me@example.com', password: 'Correct-Horse-1' });
    // The form shows the error itself, and a refused login is an answer, not an expired session.
    expect(call?.options).toMatchObject({ prompt: false, loading: true, login: 'none' });
    expect(host.navigation.redirect).toHaveBeenCalledWith('/pages/wallet/recharge?currency=USDT');
    // Sent on once: nothing afterwards replaces the return path with home.
    expect(host.navigation.redirect).toHaveBeenCalledTimes(1);
    expect(host.navigation.relaunch).not.toHaveBeenCalled();
    expect(host.navigation.relaunch).not.toHaveBeenCalled();
  });

  it('goes home with a fresh history when nothing asked for the login', async () => {
    const { user, host } = renderWithHost(<LoginPage />, { routes: routes() });
    await user.type(field('E-mail address'), 'me@example.com');
    await user.type(field('Password'), 'Correct-Horse-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(host.navigation.relaunch).toHaveBeenCalledWith('/pages/index/index'));
  });

  it('ignores a return address outside the app', async () => {
    const { user, host } = renderWithHost(<LoginPage />, { routes: routes(), returnTo: '//evil.example/steal' });
    await user.type(field('E-mail address'), 'me@example.com');
    await user.type(field('Password'), 'Correct-Horse-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(host.navigation.relaunch).toHaveBeenCalledWith('/pages/index/index'));
    expect(host.navigation.redirect).not.toHaveBeenCalled();
  });

  it('shows the server message for wrong credentials and stays logged out', async () => {
    const { user, host } = renderWithHost(<LoginPage />, {
      routes: routes(() => apiError('invalid_credentials', 'Wrong account or password.')),
    });
    await user.type(field('E-mail address'), 'me@example.com');
    await user.type(field('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong account or password.');
    expect(host.session.signIn).not.toHaveBeenCalled();
  });

  it('shows a locked account message in the user language (translated by the server)', async () => {
    const { user } = renderWithHost(<LoginPage />, {
      locale: 'tr-TR',
      routes: routes(() =>
        apiError('account_locked', 'Çok fazla başarısız deneme. Hesap 15 dakika kilitlendi.', {
          data: { minutes: 15 },
        }),
      ),
    });
    await user.type(field('E-posta adresi'), 'me@example.com');
    await user.type(field('Şifre'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Giriş yap' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Çok fazla başarısız deneme. Hesap 15 dakika kilitlendi.',
    );
  });

  it('asks for the countries only when the mobile tab is chosen (issue 24: the e-mail sign-in needs none)', async () => {
    const { user, calls } = renderWithHost(<LoginPage />, { routes: routes() });
    await user.type(field('E-mail address'), 'me@example.com');
    await user.tab();
    expect(calls.some((c) => c.url === 'user/getRegisterData')).toBe(false);
    await user.click(screen.getByRole('tab', { name: 'Mobile' }));
    await waitFor(() => expect(calls.filter((c) => c.url === 'user/getRegisterData')).toHaveLength(1));
  });

  it('logs in with a mobile number composed from the default dial code', async () => {
    const { user, calls } = renderWithHost(<LoginPage />, { routes: routes() });
    await user.click(screen.getByRole('tab', { name: 'Mobile' }));
    await screen.findByRole('button', { name: /Country or region code \+90/ });
    await user.type(field('Mobile number'), '0532 123 45 67');
    await user.type(field('Password'), 'Correct-Horse-1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === 'user/login')?.body).toEqual({
        account: '+905321234567',
        password: 'Correct-Horse-1',
      }),
    );
  });

  it('links to register and to reset password', () => {
    renderWithHost(<LoginPage />, { routes: routes() });
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/pages/passport/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/pages/passport/reset-password',
    );
  });

  it('lets the user reveal the password with a named toggle', async () => {
    const { user } = renderWithHost(<LoginPage />, { routes: routes() });
    expect(field('Password')).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(field('Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
  });
});
