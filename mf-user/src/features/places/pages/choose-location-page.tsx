import { lazy, Suspense, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import Button from 'antd-mobile/es/components/button';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { completeLocationChoice, readLocationRequest } from '@cardwallet/shared/location-choice';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { usePlacesConfig } from '../api/get-places-config';
import { useReversePlace } from '../api/reverse-place';
import { useSearchPlaces } from '../api/search-places';
import type { Place } from '@cardwallet/shared/schemas';
import type { MapView } from '../components/place-map';

// Leaflet and its stylesheet arrive with this page only, after the search field is on screen.
const PlaceMap = lazy(() => import('../components/place-map'));

type GeoState = 'asking' | 'granted' | 'denied' | 'unavailable';
interface Picked {
  latitude: number;
  longitude: number;
  place: Place | null;
}

/**
 * /pages/system/choose-location?state=<key> (issue 27): a map centred on the device position when
 * the customer allows it (else on the locale's country from places/config), a place search, a
 * tap or a marker drag to pick a point (places/reverse fills its address). Confirm hands name,
 * address parts, latitude and longitude back to the opener through @cardwallet/shared's
 * location-choice contract and goes back; opened without an opener, it shows the point on
 * open-location instead.
 */
export default function ChooseLocationPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const [params] = useSearchParams();
  const state = params.get('state');
  const config = usePlacesConfig();
  const reverse = useReversePlace();
  const [draftQuery, setDraftQuery] = useState('');
  const [query, setQuery] = useState('');
  const search = useSearchPlaces(query);
  const [view, setView] = useState<MapView | null>(null);
  const [picked, setPicked] = useState<Picked | null>(null);
  const [geo, setGeo] = useState<GeoState>('asking');
  const [confirming, setConfirming] = useState(false);
  const pickSeq = useRef(0);

  // Centre first on the locale's country; the device position replaces it when allowed.
  useEffect(() => {
    if (config.data && !view)
      setView({
        latitude: config.data.centre.latitude,
        longitude: config.data.centre.longitude,
        zoom: config.data.centre.zoom,
        seq: 0,
      });
  }, [config.data, view]);

  const pickPoint = useCallback(
    (latitude: number, longitude: number) => {
      const seq = ++pickSeq.current;
      setPicked({ latitude, longitude, place: null });
      reverse.mutate(
        { latitude, longitude },
        {
          onSuccess: (place) => {
            // A later tap wins over a slow answer for an earlier one.
            if (seq === pickSeq.current) setPicked({ latitude, longitude, place });
          },
        },
      );
    },
    [reverse],
  );

  const pickRef = useRef(pickPoint);
  pickRef.current = pickPoint;
  useEffect(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setGeo('unavailable');
      return;
    }
    let alive = true;
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!alive) return;
        const { latitude, longitude } = position.coords;
        setGeo('granted');
        setView({ latitude, longitude, zoom: 16, seq: Date.now() });
        // Only when the customer has not picked anything meanwhile.
        if (pickSeq.current === 0) pickRef.current(latitude, longitude);
      },
      (error) => {
        if (alive) setGeo(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable');
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
    return () => {
      alive = false;
    };
  }, []);

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    setQuery(draftQuery.trim());
  };

  const choose = (place: Place) => {
    pickSeq.current++;
    reverse.reset();
    setPicked({ latitude: place.latitude, longitude: place.longitude, place });
    setView({ latitude: place.latitude, longitude: place.longitude, zoom: 16, seq: Date.now() });
    setQuery('');
  };

  const confirm = () => {
    if (!picked || confirming) return;
    setConfirming(true);
    const place = picked.place ?? {
      name: t('places.pickedPoint'),
      displayName: '',
      latitude: picked.latitude,
      longitude: picked.longitude,
      address: {
        road: null,
        houseNumber: null,
        city: null,
        state: null,
        postcode: null,
        country: null,
        countryCode: null,
      },
    };
    const chosen = { ...place, latitude: picked.latitude, longitude: picked.longitude };
    if (state && readLocationRequest(state) && completeLocationChoice(state, chosen)) {
      host.navigation.back();
      return;
    }
    const q = new URLSearchParams({
      lat: chosen.latitude.toFixed(6),
      lon: chosen.longitude.toFixed(6),
      name: chosen.name,
      address: chosen.displayName,
    });
    host.navigation.redirect(`/pages/system/open-location?${q}`);
  };

  const searchError = search.isError ? apiErrorMessage(search.error, t) : null;
  const geoText =
    geo === 'asking'
      ? t('places.locating')
      : geo === 'granted'
        ? t('places.located')
        : geo === 'denied'
          ? t('places.geoDenied')
          : t('places.geoUnavailable');

  return (
    <main className="user-page user-choose">
      <form role="search" className="user-choose-search" onSubmit={submitSearch} aria-label={t('places.searchLabel')}>
        <label className="user-choose-label" htmlFor="place-search">
          {t('places.searchLabel')}
        </label>
        <div className="user-choose-row">
          <input
            id="place-search"
            className="user-choose-input"
            type="search"
            enterKeyHint="search"
            autoComplete="off"
            maxLength={200}
            placeholder={t('places.searchPlaceholder')}
            value={draftQuery}
            aria-invalid={searchError ? true : undefined}
            aria-describedby={searchError ? 'place-search-error' : undefined}
            onChange={(e) => setDraftQuery(e.target.value)}
          />
          <Button
            type="submit"
            color="primary"
            size="small"
            loading={search.isFetching}
            disabled={search.isFetching || draftQuery.trim().length < 2}
          >
            {t('places.search')}
          </Button>
        </div>
        {searchError ? (
          <div id="place-search-error" role="alert" className="cw-form-alert user-choose-error">
            {searchError}
          </div>
        ) : null}
      </form>
      {query && search.isSuccess ? (
        search.data.length === 0 ? (
          <p className="user-hint" role="status">
            {t('places.noResults', { q: query })}
          </p>
        ) : (
          <ul className="user-choose-results" aria-label={t('places.results')}>
            {search.data.map((p) => (
              <li key={`${p.latitude},${p.longitude},${p.name}`}>
                <button type="button" className="user-choose-result" onClick={() => choose(p)}>
                  <span className="user-choose-result-name">{p.name}</span>
                  <span className="user-choose-result-address">{p.displayName}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}

      <div className="user-choose-map">
        {config.isError ? (
          <div className="user-error-state">
            <p role="alert">{apiErrorMessage(config.error, t)}</p>
            <Button onClick={() => void config.refetch()}>{t('common.retry')}</Button>
          </div>
        ) : !config.data || !view ? (
          <MapSkeleton label={t('common.loading')} />
        ) : config.data.tileUrl ? (
          <Suspense fallback={<MapSkeleton label={t('common.loading')} />}>
            <PlaceMap
              tileUrl={config.data.tileUrl}
              attribution={config.data.attribution}
              view={view}
              marker={picked}
              onPick={pickPoint}
              labels={{
                map: t('places.mapLabel'),
                marker: t('places.markerLabel'),
                zoomIn: t('places.zoomIn'),
                zoomOut: t('places.zoomOut'),
              }}
            />
          </Suspense>
        ) : (
          <p className="user-hint" role="status">
            {t('places.mapUnavailable')}
          </p>
        )}
      </div>
      <p className="user-hint" role="status">
        {geoText}
      </p>

      <section className="user-choose-picked" aria-labelledby="picked-heading">
        <h2 id="picked-heading" className="user-choose-picked-title">
          {t('places.selected')}
        </h2>
        {!picked ? (
          <p className="user-hint">{t('places.pickHint')}</p>
        ) : reverse.isPending ? (
          <>
            <p className="user-hint" role="status">
              {t('places.lookingUp')}
            </p>
            <Skeleton.Paragraph lineCount={2} animated />
          </>
        ) : (
          <>
            {reverse.isError ? (
              <div role="alert" className="cw-form-alert">
                {apiErrorMessage(reverse.error, t)}
              </div>
            ) : null}
            <p className="user-choose-picked-name">{picked.place?.name ?? t('places.pickedPoint')}</p>
            {picked.place ? (
              <p className="user-choose-picked-address">{picked.place.displayName}</p>
            ) : reverse.isError ? null : (
              <p className="user-hint">{t('places.noAddress')}</p>
            )}
            <p className="user-hint" dir="ltr">
              {picked.latitude.toFixed(6)}, {picked.longitude.toFixed(6)}
            </p>
          </>
        )}
        <div className="user-choose-actions">
          <Button
            block
            color="primary"
            disabled={!picked || reverse.isPending || confirming}
            loading={confirming}
            onClick={confirm}
          >
            {t('places.confirm')}
          </Button>
        </div>
      </section>
    </main>
  );
}

function MapSkeleton({ label }: { label: string }) {
  return (
    <div className="user-choose-map-skeleton" aria-busy="true" aria-label={label} role="img">
      <Skeleton animated className="user-choose-map-skeleton-block" />
    </div>
  );
}
