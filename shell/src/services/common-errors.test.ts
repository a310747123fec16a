import { createInstance } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { createRequire } from 'node:module';
import { COMMON_NAMESPACE, commonResources, type Locale } from '@cardwallet/shared';
import { commonErrorTextsPlugin, createCommonErrorTexts } from './common-errors';

const errorsOf = (locale: Locale) => {
  const { errors, validation } = commonResources[locale] as {
    errors: Record<string, string>;
    validation: Record<string, string>;
  };
  return { default: { errors, validation } };
};

async function i18nWithoutErrors() {
  const instance = createInstance();
  const { errors: _errors, validation: _validation, ...core } = commonResources['en-US'] as Record<string, unknown>;
  await instance.init({
    lng: 'en-US',
    fallbackLng: 'en-US',
    resources: { 'en-US': { [COMMON_NAMESPACE]: core as never } },
    ns: [COMMON_NAMESPACE],
  });
  return instance;
}

describe('the common catalogue error texts, loaded on first use', () => {
  it('loads the current language once and adds it to `common`', async () => {
    const i18n = await i18nWithoutErrors();
    const load = vi.fn(async (locale: Locale) => errorsOf(locale));
    const texts = createCommonErrorTexts(i18n, load);
    expect(i18n.t('errors.insufficient_balance', { ns: COMMON_NAMESPACE })).toBe('errors.insufficient_balance');
    await Promise.all([texts.ensure(), texts.ensure()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(i18n.t('errors.insufficient_balance', { ns: COMMON_NAMESPACE })).not.toMatch(/^errors\./);
    expect(i18n.t('validation.required', { ns: COMMON_NAMESPACE })).not.toMatch(/^validation\./);
    expect(i18n.t('actions.confirm', { ns: COMMON_NAMESPACE })).toBe('Confirm'); // the rest stays
  });

  it('a language switch loads that language first — only once the texts are in use', async () => {
    const i18n = await i18nWithoutErrors();
    const load = vi.fn(async (locale: Locale) => errorsOf(locale));
    const texts = createCommonErrorTexts(i18n, load);
    await texts.beforeLanguageChange('ar-AE');
    expect(load).not.toHaveBeenCalled();
    await texts.ensure();
    await texts.beforeLanguageChange('ar-AE');
    expect(load.mock.calls.map(([l]) => l)).toEqual(['en-US', 'ar-AE']);
    expect(i18n.getResource('ar-AE', COMMON_NAMESPACE, 'errors.insufficient_balance')).toBe(
      errorsOf('ar-AE').default.errors.insufficient_balance,
    );
  });

  it('a chunk that failed to load is tried again', async () => {
    const i18n = await i18nWithoutErrors();
    const load = vi
      .fn()
      .mockRejectedValueOnce(new Error('chunk load error'))
      .mockImplementation(async (l: Locale) => errorsOf(l));
    const texts = createCommonErrorTexts(i18n, load);
    await expect(texts.ensure()).rejects.toThrow('chunk load error');
    await texts.ensure();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a feature app is handed over only once the texts are there', async () => {
    let release = () => {};
    const ensure = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const plugin = commonErrorTextsPlugin({ ensure, beforeLanguageChange: async () => undefined });
    const args = { id: 'mf_card/app' };
    expect(plugin.beforeRequest(args)).toBe(args);
    let loaded = false;
    const onLoad = plugin.onLoad().then(() => (loaded = true));
    await Promise.resolve();
    expect(loaded).toBe(false);
    release();
    await onLoad;
    expect(loaded).toBe(true);
  });
});

describe('the shell build splits the catalogue files', () => {
  const loader = createRequire(import.meta.url)('../../build/common-catalogue-loader.cjs') as (
    this: unknown,
    source: string,
  ) => string;
  const source = JSON.stringify({
    errors: { a: 'A' },
    validation: { b: 'B' },
    actions: { c: 'C' },
    messages: { d: 'D' },
  });
  const run = (part: string) => JSON.parse(loader.call({ getOptions: () => ({ part }) }, source));
  it('core: what every page may show (no on-demand or server-only texts); errors: the errors and validation texts', () => {
    expect(run('core')).toEqual({ actions: { c: 'C' } });
    expect(run('errors')).toEqual({ errors: { a: 'A' }, validation: { b: 'B' } });
  });
});
