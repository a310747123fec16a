import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../api/envelope';
import { LOCALES } from '../locales';
import { V } from '../schemas/validation';
import { commonResources, translate, translationKeys as keysOf } from './translate';

describe('shared translation catalogue', () => {
  const reference = keysOf(commonResources['en-US']).sort();

  it.each(LOCALES)('%s has exactly the en-US keys, none empty', (locale) => {
    expect(keysOf(commonResources[locale]).sort()).toEqual(reference);
    for (const key of reference) expect(translate(locale, key).trim()).not.toBe('');
  });

  it('translates every error key and validation message', () => {
    for (const key of ERROR_KEYS) expect(reference).toContain(`errors.${key}`);
    for (const key of Object.values(V)) expect(reference).toContain(key);
  });

  it('translations differ from English outside en-US (no copied placeholders)', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en-US')) {
      const same = reference.filter((k) => translate(locale, k) === translate('en-US', k));
      expect(same).toEqual([]);
    }
  });

  it('interpolates parameters and falls back to the key', () => {
    expect(translate('en-US', 'errors.rate_limited', { seconds: 30 })).toContain('30 seconds');
    expect(translate('tr-TR', 'errors.rate_limited', { seconds: 30 })).toContain('30 saniye');
    expect(translate('en-US', 'no.such.key')).toBe('no.such.key');
  });
});
