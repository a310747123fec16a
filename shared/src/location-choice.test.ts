// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  beginLocationChoice,
  completeLocationChoice,
  isSafeReturnPath,
  placeToShippingAddress,
  readLocationRequest,
  takeLocationChoice,
  type ChosenPlace,
} from './location-choice';

const BURJ: ChosenPlace = {
  name: 'Burj Khalifa',
  displayName: 'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Blvd, Dubai, Dubai, United Arab Emirates',
  latitude: 25.197197,
  longitude: 55.274376,
  address: {
    road: 'Sheikh Mohammed bin Rashid Blvd',
    houseNumber: '1',
    city: 'Dubai',
    state: 'Dubai',
    postcode: null,
    country: 'United Arab Emirates',
    countryCode: 'AE',
  },
};

describe('choose-location return contract', () => {
  beforeEach(() => {
    sessionStorage.clear();
    window.history.replaceState({ idx: 3 }, '', '/pages/card/add-address?id=a1');
  });

  it('round trip: draft kept, opener URL marked, place handed back once', () => {
    const url = beginLocationChoice({ receiver: 'Ada' });
    const key = new URL(url, 'http://x').searchParams.get('state')!;
    expect(url).toBe(`/pages/system/choose-location?state=${key}`);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    // the opener's own entry now carries the key; the router's history state is untouched
    expect(window.location.search).toBe(`?id=a1&location=${key}`);
    expect(window.history.state).toEqual({ idx: 3 });
    expect(readLocationRequest(key)).toEqual({ returnTo: `/pages/card/add-address?id=a1&location=${key}` });
    expect(completeLocationChoice(key, BURJ)).toBe(true);

    const choice = takeLocationChoice<{ receiver: string }>(key);
    expect(choice).toEqual({ draft: { receiver: 'Ada' }, place: BURJ });
    expect(window.location.search).toBe('?id=a1');
    expect(sessionStorage.length).toBe(0);
    // same answer within this page load (StrictMode runs effects twice)
    expect(takeLocationChoice(key)).toEqual(choice);
  });

  it('coming back without choosing returns the draft and no place', () => {
    const key = new URL(beginLocationChoice({ city: 'X' }), 'http://x').searchParams.get('state')!;
    expect(takeLocationChoice(key)).toEqual({ draft: { city: 'X' }, place: null });
  });

  it('unknown, malformed and expired keys are refused', () => {
    expect(readLocationRequest(null)).toBeNull();
    expect(readLocationRequest('../../etc')).toBeNull();
    expect(readLocationRequest('a'.repeat(32))).toBeNull();
    expect(completeLocationChoice('a'.repeat(32), BURJ)).toBe(false);
    const key = new URL(beginLocationChoice({}), 'http://x').searchParams.get('state')!;
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + 31 * 60 * 1000);
    expect(readLocationRequest(key)).toBeNull();
    vi.restoreAllMocks();
  });

  it('returns only to a path of this app', () => {
    expect(isSafeReturnPath('/pages/card/add-address?id=1&location=abc')).toBe(true);
    expect(isSafeReturnPath('//evil.example/pages/x')).toBe(false);
    expect(isSafeReturnPath('https://evil.example/')).toBe(false);
    expect(isSafeReturnPath('/api/user/logout')).toBe(false);
    const key = 'b'.repeat(32);
    sessionStorage.setItem(
      `cw.location.${key}`,
      JSON.stringify({ returnTo: 'https://evil.example/', draft: {}, place: null, createdAt: Date.now() }),
    );
    expect(readLocationRequest(key)).toBeNull();
  });

  it('maps a place to the parts of a shipping address', () => {
    expect(placeToShippingAddress(BURJ)).toEqual({
      country: 'United Arab Emirates',
      province: 'Dubai',
      city: 'Dubai',
      area: 'Dubai',
      detail: 'Burj Khalifa, 1 Sheikh Mohammed bin Rashid Blvd',
      postalCode: '',
    });
    expect(
      placeToShippingAddress({
        ...BURJ,
        name: '1 Sheikh Mohammed bin Rashid Blvd',
        address: { ...BURJ.address, district: 'Downtown Dubai', postcode: '00000' },
      }),
    ).toMatchObject({ area: 'Downtown Dubai', detail: '1 Sheikh Mohammed bin Rashid Blvd', postalCode: '00000' });
  });
});
