import { afterEach, describe, expect, it, vi } from 'vitest';
import { DARK_ATTRIBUTE, followColourScheme } from './colour-scheme';

/** The phone's setting: a MediaQueryList whose `matches` the test flips, firing `change` as a phone does. */
function stubPhone(dark: boolean) {
  const listeners: Array<() => void> = [];
  const query = {
    matches: dark,
    media: '',
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  const matchMedia = vi.fn((media: string) => Object.assign(query, { media }));
  vi.stubGlobal('matchMedia', matchMedia);
  return {
    matchMedia,
    flip(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
  };
}

const root = document.documentElement;

afterEach(() => {
  vi.unstubAllGlobals();
  root.removeAttribute(DARK_ATTRIBUTE);
});

describe('followColourScheme', () => {
  it('sets antd-mobile’s dark attribute when the phone is dark and clears it when it turns light, live', () => {
    const phone = stubPhone(true);
    followColourScheme();
    expect(phone.matchMedia).toHaveBeenCalledWith('(prefers-color-scheme: dark)');
    expect(root.getAttribute(DARK_ATTRIBUTE)).toBe('dark');
    phone.flip(false);
    expect(root.hasAttribute(DARK_ATTRIBUTE)).toBe(false);
    phone.flip(true);
    expect(root.getAttribute(DARK_ATTRIBUTE)).toBe('dark');
  });

  it('leaves a light phone without the attribute', () => {
    stubPhone(false);
    followColourScheme();
    expect(root.hasAttribute(DARK_ATTRIBUTE)).toBe(false);
  });

  it('does nothing where matchMedia is missing', () => {
    vi.stubGlobal('matchMedia', undefined);
    expect(() => followColourScheme()).not.toThrow();
    expect(root.hasAttribute(DARK_ATTRIBUTE)).toBe(false);
  });
});
