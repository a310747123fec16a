import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { completeLocationChoice } from '@cardwallet/shared/location-choice';
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

  it('"Choose on map" keeps the typed values and fills the address from the chosen place', async () => {
    window.history.replaceState(null, '', '/pages/card/add-address');
    const first = renderWithHost(<AddAddressPage />, {
      loggedIn: true,
      routes: { 'GET card/addresses': () => ({ addresses: [] }) },
    });
    await first.user.type(screen.getByLabelText('Receiver'), 'Ada');
    await first.user.click(screen.getByRole('button', { name: 'Choose on map' }));
    const url = vi.mocked(first.host.navigation.navigate).mock.calls[0]![0];
    const key = new URL(url, 'http://x').searchParams.get('state')!;
    expect(url).toBe(`/pages/system/choose-location?state=${key}`);
    expect(window.location.search).toBe(`?location=${key}`);
    first.unmount();
    // choose-location (mf-user) confirms a place and goes back to this page
    completeLocationChoice(key, {
      name: 'Burj Khalifa',
      displayName: 'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Boulevard, Dubai, United Arab Emirates',
      latitude: 25.197197,
      longitude: 55.274376,
      address: {
        road: 'Sheikh Mohammed bin Rashid Boulevard',
        houseNumber: '1',
        city: 'Dubai',
        state: 'Dubai',
        postcode: null,
        country: 'United Arab Emirates',
        countryCode: 'AE',
      },
    });
    renderWithHost(<AddAddressPage />, {
      loggedIn: true,
      route: `/pages/card/add-address?location=${key}`,
      routes: { 'GET card/addresses': () => ({ addresses: [] }) },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Address filled in from the map');
    expect(screen.getByLabelText('Receiver')).toHaveValue('Ada');
    expect(screen.getByLabelText('Country or region')).toHaveValue('United Arab Emirates');
    expect(screen.getByLabelText('Province / state')).toHaveValue('Dubai');
    expect(screen.getByLabelText('City')).toHaveValue('Dubai');
    expect(screen.getByLabelText('Detailed address')).toHaveValue(
      'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Boulevard',
    );
    // still editable
    await first.user.clear(screen.getByLabelText('City'));
    await first.user.type(screen.getByLabelText('City'), 'Dubayy');
    expect(screen.getByLabelText('City')).toHaveValue('Dubayy');
  });
});
