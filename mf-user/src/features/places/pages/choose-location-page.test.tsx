import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '@cardwallet/shared/testing/fake-host';
import { beginLocationChoice, takeLocationChoice } from '@cardwallet/shared/location-choice';
import { renderWithHost } from '../../../testing/render';
import type { PlaceMapProps } from '../components/place-map';
import ChooseLocationPage from './choose-location-page';

// Leaflet needs a real layout engine: the page is tested with a stand-in map that reports a tap
// at a fixed point and shows where it is centred (the real map runs in e2e/tests/places.spec.ts).
vi.mock('../components/place-map', () => ({
  default: ({ view, onPick, labels }: PlaceMapProps) => (
    <div role="application" aria-label={labels.map}>
      <span data-testid="centre">{`${view.latitude},${view.longitude},${view.zoom}`}</span>
      <button type="button" onClick={() => onPick(41.0256, 28.9742)}>
        tap the map
      </button>
      <button type="button" onClick={() => onPick(40.9, 29.1)}>
        tap elsewhere
      </button>
    </div>
  ),
}));

const config = {
  tileUrl: '/api/dev/geo/tiles/{z}/{x}/{y}.svg',
  attribution: 'CardWallet sandbox map',
  searchAvailable: true,
  centre: { latitude: 25.2048, longitude: 55.2708, zoom: 12 },
};
const address = (over: Record<string, string | null> = {}) => ({
  road: null,
  houseNumber: null,
  city: 'Dubai',
  state: 'Dubai',
  postcode: null,
  country: 'United Arab Emirates',
  countryCode: 'AE',
  ...over,
});
const BURJ = {
  name: 'Burj Khalifa',
  displayName: 'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Boulevard, Dubai, United Arab Emirates',
  latitude: 25.197197,
  longitude: 55.274376,
  address: address({ road: 'Sheikh Mohammed bin Rashid Boulevard', houseNumber: '1' }),
};
const GALATA = {
  name: 'Galata Tower',
  displayName: 'Galata Tower, Bereketzade, Beyoğlu, İstanbul, Türkiye',
  latitude: 41.0256,
  longitude: 28.9742,
  address: address({ city: 'İstanbul', state: 'İstanbul', country: 'Türkiye', countryCode: 'TR' }),
};

function geolocation(answer: 'grant' | 'deny') {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (ok: PositionCallback, fail: PositionErrorCallback) =>
        setTimeout(() =>
          answer === 'grant'
            ? ok({ coords: { latitude: 41.0256, longitude: 28.9742 } } as GeolocationPosition)
            : fail({ code: 1, PERMISSION_DENIED: 1 } as GeolocationPositionError),
        ),
    },
  });
}

describe('choose-location (issue 27)', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState(null, '', '/pages/card/add-address');
  });
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'geolocation');
  });

  it('search → pick a result → confirm hands the place to the opener and goes back', async () => {
    geolocation('deny');
    const url = beginLocationChoice({ receiver: 'Ada' });
    const key = new URL(url, 'http://x').searchParams.get('state')!;
    const { user, host, calls } = renderWithHost(<ChooseLocationPage />, {
      loggedIn: true,
      route: url,
      routes: {
        'GET places/config': () => config,
        'GET places/search': () => ({ places: [BURJ] }),
      },
    });
    // denied → centred on the locale's country from places/config
    expect(
      await screen.findByText('Location access is off, so the map starts in your region.', { exact: false }),
    ).toBeInTheDocument();
    expect(await screen.findByTestId('centre')).toHaveTextContent('25.2048,55.2708,12');
    await user.type(screen.getByLabelText('Search for a place', { selector: 'input' }), 'burj');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(calls.find((c) => c.url === 'places/search')!.params).toEqual({ q: 'burj' });
    await user.click(screen.getByRole('button', { name: /Burj Khalifa/ }));
    expect(results).not.toBeInTheDocument();
    expect(screen.getByTestId('centre')).toHaveTextContent('25.197197,55.274376,16');
    expect(screen.getByText(BURJ.displayName)).toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Use this place' });
    await user.click(confirm);
    expect(host.navigation.back).toHaveBeenCalledTimes(1);
    expect(takeLocationChoice(key)).toEqual({ draft: { receiver: 'Ada' }, place: BURJ });
    // the confirm button shows progress and cannot be pressed twice
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(host.navigation.back).toHaveBeenCalledTimes(1);
  });

  it('device position allowed: centred there and its address looked up; a map tap picks another point', async () => {
    geolocation('grant');
    let answer: typeof GALATA | null = GALATA;
    const { user, calls } = renderWithHost(<ChooseLocationPage />, {
      loggedIn: true,
      route: '/pages/system/choose-location',
      routes: {
        'GET places/config': () => config,
        'GET places/reverse': () => ({ place: answer }),
      },
    });
    expect(await screen.findByText('The map is centred on your position.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('centre')).toHaveTextContent('41.0256,28.9742,16'));
    expect(await screen.findByText(GALATA.displayName)).toBeInTheDocument();
    expect(calls.find((c) => c.url === 'places/reverse')!.params).toEqual({ lat: '41.025600', lon: '28.974200' });
    answer = null;
    await user.click(screen.getByRole('button', { name: 'tap the map' }));
    expect(
      await screen.findByText('No address is known at this point; you can type it in the form.'),
    ).toBeInTheDocument();
    expect(screen.getByText('41.025600, 28.974200')).toBeInTheDocument();
  });

  it('a slow answer for an earlier tap does not overwrite the later one', async () => {
    const { user } = renderWithHost(<ChooseLocationPage />, {
      loggedIn: true,
      route: '/pages/system/choose-location',
      routes: {
        'GET places/config': () => config,
        'GET places/reverse': async ({ params }) => {
          if (params?.lat === '41.025600') {
            await new Promise((r) => setTimeout(r, 300));
            return { place: GALATA };
          }
          return { place: { ...GALATA, name: 'Kadıköy', displayName: 'Kadıköy, İstanbul, Türkiye' } };
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'tap the map' }));
    await user.click(screen.getByRole('button', { name: 'tap elsewhere' }));
    expect(await screen.findByText('Kadıköy, İstanbul, Türkiye')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 400));
    expect(screen.getByText('Kadıköy, İstanbul, Türkiye')).toBeInTheDocument();
    expect(screen.queryByText(GALATA.displayName)).not.toBeInTheDocument();
    expect(screen.getByText('40.900000, 29.100000')).toBeInTheDocument();
  });

  it('without an opener, confirm shows the point on open-location', async () => {
    const { user, host } = renderWithHost(<ChooseLocationPage />, {
      loggedIn: true,
      route: '/pages/system/choose-location?state=0123456789abcdef0123456789abcdef',
      routes: { 'GET places/config': () => config, 'GET places/reverse': () => ({ place: GALATA }) },
    });
    await user.click(await screen.findByRole('button', { name: 'tap the map' }));
    await screen.findByText(GALATA.displayName);
    await user.click(screen.getByRole('button', { name: 'Use this place' }));
    expect(host.navigation.redirect).toHaveBeenCalledWith(
      expect.stringMatching(/^\/pages\/system\/open-location\?lat=41\.025600&lon=28\.974200&name=Galata\+Tower/),
    );
    expect(host.navigation.back).not.toHaveBeenCalled();
  });

  it('places_unavailable is shown next to the search field, in Arabic', async () => {
    const { user } = renderWithHost(<ChooseLocationPage />, {
      loggedIn: true,
      locale: 'ar-AE',
      route: '/pages/system/choose-location',
      routes: {
        'GET places/config': () => config,
        'GET places/search': () => apiError('places_unavailable', '', { code: 503 }),
      },
    });
    const input = screen.getByLabelText('البحث عن مكان', { selector: 'input' });
    await user.type(input, 'برج');
    await user.click(screen.getByRole('button', { name: 'بحث' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('البحث عن الأماكن غير متاح حاليًا');
    expect(input).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.getByText('موقعك غير متاح، لذا تبدأ الخريطة في منطقتك.')).toBeInTheDocument();
  });
});
