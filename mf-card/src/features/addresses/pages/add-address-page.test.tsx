import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import AddAddressPage from './add-address-page';

describe('add-address page', () => {
  it('requires every field and checks the mobile number, then saves', async () => {
    const saved = {
      id: 'a1',
      receiver: 'Ada',
      mobile: '+447911123456',
      country: 'UK',
      province: 'England',
      city: 'London',
      area: 'Camden',
      detail: '1 Road',
      postalCode: 'NW1 8AB',
    };
    const { user, host, calls } = renderWithHost(<AddAddressPage />, {
      loggedIn: true,
      routes: { 'GET card/addresses': () => ({ addresses: [] }), 'POST card/addAddress': () => saved },
    });
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(8);
    await user.type(screen.getByLabelText('Receiver'), 'Ada');
    await user.type(screen.getByLabelText('Mobile (with country code)'), '12345');
    await user.type(screen.getByLabelText('Country or region'), 'UK');
    await user.type(screen.getByLabelText('Province / state'), 'England');
    await user.type(screen.getByLabelText('City'), 'London');
    await user.type(screen.getByLabelText('Area / district'), 'Camden');
    await user.type(screen.getByLabelText('Detailed address'), '1 Road');
    await user.type(screen.getByLabelText('Postal code'), 'NW1 8AB');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Please enter a valid mobile number')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Mobile (with country code)'));
    await user.type(screen.getByLabelText('Mobile (with country code)'), '+447911123456');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    await waitFor(() => expect(host.navigation.back).toHaveBeenCalled());
    expect(calls.find((c) => c.url === 'card/addAddress')!.body).toMatchObject({
      mobile: '+447911123456',
      postalCode: 'NW1 8AB',
    });
  });
});
