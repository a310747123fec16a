import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithHost } from '../../../testing/render';
import OpenLocationPage from './open-location-page';

const config = {
  tileUrl: '/api/dev/geo/tiles/{z}/{x}/{y}.svg',
  attribution: 'CardWallet sandbox map',
  searchAvailable: true,
  centre: { latitude: 25.2, longitude: 55.27, zoom: 12 },
};

describe('open-location (issue 27)', () => {
  it("shows the point's name, address and map tile, and links to the phone's map apps", async () => {
    renderWithHost(<OpenLocationPage />, {
      loggedIn: true,
      locale: 'en-US',
      route:
        '/pages/system/open-location?lat=41.025635&lon=28.974169&name=Galata%20Tower&address=Bereketzade%2C%20%C4%B0stanbul',
      routes: { 'GET places/config': () => config },
    });
    expect(screen.getByRole('heading', { name: 'Galata Tower' })).toBeInTheDocument();
    expect(screen.getByText('Bereketzade, İstanbul')).toBeInTheDocument();
    const img = await screen.findByRole('img', { name: 'Map around Galata Tower' });
    // Galata Tower lies on tile 15/19021/12282 (slippy-map formula, computed independently)
    expect(img.getAttribute('src')).toBe('/api/dev/geo/tiles/15/19021/12282.svg');
    expect(screen.getByRole('link', { name: 'Open in map app' })).toHaveAttribute(
      'href',
      'geo:41.025635,28.974169?q=41.025635,28.974169(Galata%20Tower)',
    );
    expect(screen.getByRole('link', { name: 'Open in Apple Maps' }).getAttribute('href')).toBe(
      'https://maps.apple.com/?ll=41.025635,28.974169&q=Galata%20Tower',
    );
    expect(screen.getByRole('link', { name: 'Open in Google Maps' }).getAttribute('href')).toContain(
      'query=41.025635%2C28.974169',
    );
  });

  it('refuses a point out of range, in Arabic', async () => {
    renderWithHost(<OpenLocationPage />, {
      loggedIn: true,
      locale: 'ar-AE',
      route: '/pages/system/open-location?lat=95&lon=10',
      routes: { 'GET places/config': () => config },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('رابط الموقع هذا غير صالح.');
  });

  it('geocodes a saved address without coordinates: the whole address first, then city and country', async () => {
    const dubai = {
      name: 'Dubai Creek',
      displayName: 'Dubai Creek, Dubai, United Arab Emirates',
      latitude: 25.2631,
      longitude: 55.3103,
      address: {
        road: null,
        houseNumber: null,
        city: 'Dubai',
        state: 'Dubai',
        postcode: null,
        country: 'United Arab Emirates',
        countryCode: 'AE',
      },
    };
    const { calls } = renderWithHost(<OpenLocationPage />, {
      loggedIn: true,
      locale: 'en-US',
      route:
        '/pages/system/open-location?q=9+Nowhere+Lane%2C+Dubai%2C+United+Arab+Emirates&q=Dubai%2C+United+Arab+Emirates&name=Ada&address=9+Nowhere+Lane%2C+Dubai',
      routes: {
        'GET places/config': () => config,
        'GET places/search': ({ params }) => ({ places: String(params?.q).startsWith('9 ') ? [] : [dubai] }),
      },
    });
    expect(screen.getByRole('status')).toHaveTextContent('Finding this address on the map…');
    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeInTheDocument();
    expect(screen.getByText('9 Nowhere Lane, Dubai')).toBeInTheDocument();
    expect(screen.getByText('25.263100, 55.310300')).toBeInTheDocument();
    expect(calls.filter((c) => c.url === 'places/search').map((c) => c.params?.q)).toEqual([
      '9 Nowhere Lane, Dubai, United Arab Emirates',
      'Dubai, United Arab Emirates',
    ]);
  });

  it('says so when the address cannot be found, in Turkish', async () => {
    renderWithHost(<OpenLocationPage />, {
      loggedIn: true,
      locale: 'tr-TR',
      route: '/pages/system/open-location?q=Nowhere&name=Ada',
      routes: { 'GET places/config': () => config, 'GET places/search': () => ({ places: [] }) },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Bu adres haritada bulunamadı.');
  });
});
