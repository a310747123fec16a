import Skeleton from 'antd-mobile/es/components/skeleton';
import { useSearchParams } from 'react-router';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useTranslation } from 'react-i18next';
import { mapLinks, tileAt, usePlacesConfig } from '../api/get-places-config';
import { useGeocodeAddress } from '../api/search-places';

const ZOOM = 15;

function readPoint(params: URLSearchParams) {
  const latitude = Number(params.get('lat'));
  const longitude = Number(params.get('lon'));
  if (!params.get('lat') || !params.get('lon')) return null;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 85 || Math.abs(longitude) > 180) return null;
  return {
    latitude,
    longitude,
    name: (params.get('name') ?? '').slice(0, 120),
    address: (params.get('address') ?? '').slice(0, 300),
  };
}

/**
 * /pages/system/open-location?lat=&lon=&name=&address= (issue 27): a point with its name and
 * address on a map tile, and links that open it in the phone's map apps. A saved address without
 * coordinates comes as `?q=…&q=…&name=&address=`: each `q` is geocoded (places/search) in turn
 * until one is found.
 */
export default function OpenLocationPage() {
  const { t } = useTranslation('user');
  const [params] = useSearchParams();
  const queries = params
    .getAll('q')
    .map((q) => q.trim())
    .filter((q) => q.length >= 2)
    .slice(0, 3);
  const direct = readPoint(params);
  const geocoded = useGeocodeAddress(direct ? [] : queries);
  if (!direct && queries.length > 0) {
    if (geocoded.isPending)
      return (
        <main className="user-page user-place" aria-busy="true">
          <p className="user-hint" role="status">
            {t('places.findingAddress')}
          </p>
          <Skeleton animated className="user-place-skeleton" />
        </main>
      );
    if (geocoded.isError || !geocoded.data)
      return (
        <main className="user-page user-place">
          <h2 className="user-place-name">{(params.get('name') ?? '').slice(0, 120) || t('places.pickedPoint')}</h2>
          {params.get('address') ? <p className="user-place-address">{params.get('address')!.slice(0, 300)}</p> : null}
          <p role="alert" className="cw-form-alert">
            {geocoded.isError ? apiErrorMessage(geocoded.error, t) : t('places.notFound')}
          </p>
        </main>
      );
    return (
      <PointView
        point={{
          latitude: geocoded.data.latitude,
          longitude: geocoded.data.longitude,
          name: (params.get('name') ?? '').slice(0, 120) || geocoded.data.name,
          address: (params.get('address') ?? '').slice(0, 300) || geocoded.data.displayName,
        }}
      />
    );
  }
  return <PointView point={direct} />;
}

function PointView({ point }: { point: ReturnType<typeof readPoint> }) {
  const { t } = useTranslation('user');
  const config = usePlacesConfig();
  if (!point)
    return (
      <main className="user-page user-error-state">
        <p role="alert">{t('places.badPoint')}</p>
      </main>
    );
  const name = point.name || t('places.pickedPoint');
  const links = mapLinks(point.latitude, point.longitude, name);
  const tile = tileAt(point.latitude, point.longitude, ZOOM);
  const tileUrl = config.data?.tileUrl;
  return (
    <main className="user-page user-place">
      {tileUrl ? (
        <figure className="user-place-map">
          <div className="user-place-tile">
            <img
              src={tileUrl.replace('{z}', String(ZOOM)).replace('{x}', String(tile.x)).replace('{y}', String(tile.y))}
              alt={t('places.mapOf', { name })}
              width={256}
              height={256}
            />
            <span
              className="user-place-marker"
              aria-hidden="true"
              style={{ insetInlineStart: `${tile.px}px`, insetBlockStart: `${tile.py}px` }}
            />
          </div>
          <figcaption className="user-hint">{config.data?.attribution}</figcaption>
        </figure>
      ) : null}
      <h2 className="user-place-name">{name}</h2>
      {point.address ? <p className="user-place-address">{point.address}</p> : null}
      <p className="user-hint" dir="ltr">
        {point.latitude.toFixed(6)}, {point.longitude.toFixed(6)}
      </p>
      <nav aria-label={t('places.openIn')}>
        <ul className="user-place-links">
          <li>
            <a href={links.geo}>{t('places.openMapApp')}</a>
          </li>
          <li>
            <a href={links.apple} target="_blank" rel="noopener noreferrer">
              {t('places.openAppleMaps')}
            </a>
          </li>
          <li>
            <a href={links.google} target="_blank" rel="noopener noreferrer">
              {t('places.openGoogleMaps')}
            </a>
          </li>
        </ul>
      </nav>
    </main>
  );
}
