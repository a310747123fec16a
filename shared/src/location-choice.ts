import type { Place } from './schemas/places';

/**
 * The choose-location return contract (issue 27, docs/places.md "Return contract"). Feature apps
 * cannot import each other, so the page that wants a place and `/pages/system/choose-location`
 * (mf-user) talk through URLs and sessionStorage only:
 *
 * 1. The opener calls `beginLocationChoice(draft)`: a random key is stored in sessionStorage with
 *    the opener's path and its unsaved form values, the opener's own history entry gets
 *    `?location=<key>` (history.replaceState, nothing is pushed), and the returned URL
 *    `/pages/system/choose-location?state=<key>` is navigated to.
 * 2. choose-location calls `readLocationRequest(key)` (is there an opener?), and on confirm
 *    `completeLocationChoice(key, place)` then goes back one page.
 * 3. The opener, mounted again at `…?location=<key>`, calls `takeLocationChoice(key)`: its draft,
 *    and the place when one was confirmed (null when the customer came back without choosing).
 *    The entry is removed; a key is good for 30 minutes and only in this tab.
 */
/** The place choose-location returns: the places API's shape (schemas/places.ts). */
export type ChosenPlace = Place;

export interface LocationChoice<D> {
  draft: D;
  place: ChosenPlace | null;
}

export const CHOOSE_LOCATION_PATH = '/pages/system/choose-location';
/** Query parameter on the opener's URL that carries the key back. */
export const LOCATION_RETURN_PARAM = 'location';

const PREFIX = 'cw.location.';
const TTL_MS = 30 * 60 * 1000;
const KEY = /^[A-Za-z0-9_-]{16,64}$/;

interface Stored {
  returnTo: string;
  draft: unknown;
  place: ChosenPlace | null;
  createdAt: number;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function newKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function read(key: string | null | undefined): Stored | null {
  if (!key || !KEY.test(key)) return null;
  const s = storage();
  const raw = s?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Stored;
    if (typeof value.createdAt !== 'number' || Date.now() - value.createdAt > TTL_MS) {
      s?.removeItem(PREFIX + key);
      return null;
    }
    return value;
  } catch {
    return null;
  }
}

/** Only a path of this app (`/pages/…`): never another origin. */
export function isSafeReturnPath(path: string): boolean {
  return /^\/pages\/[A-Za-z0-9_/-]+(\?[^#]*)?$/.test(path) && !path.startsWith('//');
}

function withParam(url: string, name: string, value: string | null): string {
  const u = new URL(url, 'http://app.invalid');
  if (value === null) u.searchParams.delete(name);
  else u.searchParams.set(name, value);
  const qs = u.searchParams.toString();
  return `${u.pathname}${qs ? `?${qs}` : ''}${u.hash}`;
}

/**
 * Start choosing a place: remembers `draft` (the opener's form values) and marks the opener's
 * history entry with the key. Returns the choose-location URL to navigate to.
 */
export function beginLocationChoice<D>(draft: D): string {
  const key = newKey();
  const here = `${window.location.pathname}${window.location.search}`;
  const returnTo = withParam(here, LOCATION_RETURN_PARAM, key);
  const stored: Stored = { returnTo, draft, place: null, createdAt: Date.now() };
  storage()?.setItem(PREFIX + key, JSON.stringify(stored));
  // The router keeps its own state in history.state: keep it, change only the URL.
  window.history.replaceState(window.history.state, '', returnTo + window.location.hash);
  return `${CHOOSE_LOCATION_PATH}?state=${key}`;
}

/** For choose-location: the opener's path when `key` names a live request, else null. */
export function readLocationRequest(key: string | null | undefined): { returnTo: string } | null {
  const stored = read(key);
  if (!stored || !isSafeReturnPath(stored.returnTo)) return null;
  return { returnTo: stored.returnTo };
}

/** For choose-location: hand the confirmed place to the opener. False when the request is gone. */
export function completeLocationChoice(key: string, place: ChosenPlace): boolean {
  const stored = read(key);
  if (!stored) return false;
  storage()?.setItem(PREFIX + key, JSON.stringify({ ...stored, place }));
  return true;
}

const taken = new Map<string, LocationChoice<unknown>>();

/**
 * For the opener, on mount with `?location=<key>`: its draft and the chosen place (null when the
 * customer came back without choosing), once; the entry and the URL parameter are removed.
 * Calling it again for the same key in this page load gives the same answer (React StrictMode).
 */
export function takeLocationChoice<D>(key: string | null | undefined): LocationChoice<D> | null {
  if (!key) return null;
  const cached = taken.get(key);
  if (cached) return cached as LocationChoice<D>;
  const stored = read(key);
  if (!stored) return null;
  storage()?.removeItem(PREFIX + key);
  const choice: LocationChoice<D> = { draft: stored.draft as D, place: stored.place };
  taken.set(key, choice);
  if (typeof window !== 'undefined' && new URLSearchParams(window.location.search).get(LOCATION_RETURN_PARAM) === key) {
    const clean = withParam(`${window.location.pathname}${window.location.search}`, LOCATION_RETURN_PARAM, null);
    window.history.replaceState(window.history.state, '', clean + window.location.hash);
  }
  return choice;
}

/**
 * A place as the parts of a shipping address (spec §3): what the card and wallet address forms
 * fill in. Parts the geocoder does not know stay empty for the customer to type.
 */
export function placeToShippingAddress(place: ChosenPlace): {
  country: string;
  province: string;
  city: string;
  area: string;
  detail: string;
  postalCode: string;
} {
  const a = place.address;
  const street = [a.houseNumber, a.road].filter(Boolean).join(' ');
  const landmark = place.name && place.name !== street && place.name !== a.city ? place.name : '';
  return {
    country: a.country ?? '',
    province: a.state ?? a.city ?? '',
    city: a.city ?? a.state ?? '',
    area: a.district ?? a.city ?? '',
    detail: [landmark, street].filter(Boolean).join(', ').slice(0, 200),
    postalCode: a.postcode ?? '',
  };
}
