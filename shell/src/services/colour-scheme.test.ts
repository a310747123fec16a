import { describe, expect, it } from 'vitest';
import { DARK_ATTRIBUTE, followColourScheme } from './colour-scheme';

/** A MediaQueryList whose `matches` the test flips, firing `change` as a phone does. */
function fakeQuery(initial: boolean) {
  const listeners: Array<() => void> = [];
  const query = {
    matches: initial,
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  };
  return {
    query: query as unknown as MediaQueryList,
    flip(matches: boolean) {
      query.matches = matches;
      for (const listener of listeners) listener();
    },
  };
}

describe('followColourScheme', () => {
  it('sets antd-mobile’s dark attribute when the phone is dark and clears it when it turns light, live', () => {
    const root = document.createElement('html');
    const phone = fakeQuery(true);
    followColourScheme(root, phone.query);
    expect(root.getAttribute(DARK_ATTRIBUTE)).toBe('dark');
    phone.flip(false);
    expect(root.hasAttribute(DARK_ATTRIBUTE)).toBe(false);
    phone.flip(true);
    expect(root.getAttribute(DARK_ATTRIBUTE)).toBe('dark');
  });

  it('leaves a light phone without the attribute', () => {
    const root = document.createElement('html');
    followColourScheme(root, fakeQuery(false).query);
    expect(root.hasAttribute(DARK_ATTRIBUTE)).toBe(false);
  });

  it('does nothing where matchMedia is missing', () => {
    const root = document.createElement('html');
    expect(() => followColourScheme(root, undefined)).not.toThrow();
    expect(root.hasAttribute(DARK_ATTRIBUTE)).toBe(false);
  });
});
