import { describe, expect, it, vi } from 'vitest';
import type { FeatureApp, Locale } from '@cardwallet/shared';
import antdEnUS from 'antd-mobile/es/locales/en-US';
import antdArSA from 'antd-mobile/es/locales/ar-SA';
import shellEnUS from '../i18n/en-US.json';
import shellArAE from '../i18n/ar-AE.json';
import homeEnUS from '../pages/home/i18n/en-US.json';
import homeArAE from '../pages/home/i18n/ar-AE.json';
import { createI18n, LANGUAGE_STORAGE_KEY } from './i18n';
import { createLocaleTextsLoader } from './locale-texts';

const CHUNKS = {
  'en-US': [{ default: shellEnUS }, { default: homeEnUS }, { default: antdEnUS }],
  'ar-AE': [{ default: shellArAE }, { default: homeArAE }, { default: antdArSA }],
} as const;

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, v),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
    key: (i) => [...map.keys()][i] ?? null,
    get length() {
      return map.size;
    },
  };
}

describe('the shell loads its texts one language at a time', () => {
  it('starts with the visitor language only, loads another when chosen, once', async () => {
    const load = vi.fn(async (locale: Locale) => CHUNKS[locale as keyof typeof CHUNKS] as never);
    const loader = createLocaleTextsLoader(load);
    const onChange = vi.fn();
    const storage = memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en-US' });
    const { instance, service } = await createI18n(storage, onChange, loader);
    expect(load.mock.calls.map(([l]) => l)).toEqual(['en-US']);
    expect(instance.t('tabs.home', { ns: 'shell' })).toBe(shellEnUS.tabs.home);
    expect(instance.t('welcome', { ns: 'home' })).toBe(homeEnUS.welcome);
    expect(instance.hasResourceBundle('ar-AE', 'shell')).toBe(false);
    expect(loader.antd('en-US')).toBe(antdEnUS);
    expect(() => loader.antd('ar-AE')).toThrow(/not loaded/);

    await service.setLanguage('ar-AE');
    expect(load.mock.calls.map(([l]) => l)).toEqual(['en-US', 'ar-AE']);
    expect(instance.t('tabs.home', { ns: 'shell' })).toBe(shellArAE.tabs.home);
    expect(instance.t('welcome', { ns: 'home' })).toBe(homeArAE.welcome);
    expect(loader.antd('ar-AE')).toBe(antdArSA);
    expect(onChange).toHaveBeenLastCalledWith('ar-AE');
    expect(storage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar-AE');

    await service.setLanguage('en-US');
    expect(load).toHaveBeenCalledTimes(2); // en-US was there already
  });

  it('a language whose chunk failed is asked for again on the next choice, and the language stays', async () => {
    let fail = true;
    const load = vi.fn(async (locale: Locale) => {
      if (locale === 'ar-AE' && fail) throw new Error('ChunkLoadError');
      return CHUNKS[locale as keyof typeof CHUNKS] as never;
    });
    const { instance, service } = await createI18n(
      memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en-US' }),
      () => undefined,
      createLocaleTextsLoader(load),
    );
    await expect(service.setLanguage('ar-AE')).rejects.toThrow('ChunkLoadError');
    expect(service.language()).toBe('en-US');
    expect(instance.language).toBe('en-US');
    fail = false;
    await service.setLanguage('ar-AE');
    expect(service.language()).toBe('ar-AE');
    expect(load).toHaveBeenCalledTimes(3);
  });
});

describe('feature apps’ texts, one language at a time (FeatureApp.i18n.load)', () => {
  const WALLET: Record<string, { title: string; onlyEnglish?: string }> = {
    'en-US': { title: 'Wallet', onlyEnglish: 'Only in English' },
    'ar-AE': { title: 'المحفظة' },
    'zh-HK': { title: '錢包' },
    'tr-TR': { title: 'Cüzdan' },
  };
  const shellChunks = vi.fn(
    async (locale: Locale) => (CHUNKS[locale as keyof typeof CHUNKS] ?? CHUNKS['en-US']) as never,
  );
  const walletApp = (load: (locale: Locale) => Promise<object>) =>
    ({ name: 'mf_wallet', i18n: { namespace: 'wallet', load } }) as unknown as FeatureApp;

  it('a loaded app gets the current language only; a switch loads it in the new one before the page re-renders', async () => {
    const { instance, service, addAppTexts } = await createI18n(
      memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'ar-AE' }),
      () => undefined,
      createLocaleTextsLoader(shellChunks),
    );
    const load = vi.fn(async (locale: Locale) => WALLET[locale]!);
    await addAppTexts(walletApp(load));
    expect(load.mock.calls.map(([l]) => l)).toEqual(['ar-AE']);
    expect(instance.t('title', { ns: 'wallet' })).toBe('المحفظة');

    const seenOnSwitch: string[] = [];
    instance.on('languageChanged', () => seenOnSwitch.push(instance.t('title', { ns: 'wallet' })));
    await service.setLanguage('tr-TR');
    expect(load.mock.calls.map(([l]) => l)).toEqual(['ar-AE', 'tr-TR']);
    expect(seenOnSwitch).toEqual(['Cüzdan']); // never a key, never English
  });

  it('a key missing in the reader’s language shows the app’s English text once that has loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { instance, addAppTexts } = await createI18n(
      memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'zh-HK' }),
      () => undefined,
      createLocaleTextsLoader(shellChunks),
    );
    const load = vi.fn(async (locale: Locale) => WALLET[locale]!);
    await addAppTexts(walletApp(load));
    const added = new Promise((resolve) => instance.store.on('added', resolve));
    expect(instance.t('onlyEnglish', { ns: 'wallet' })).toBe('onlyEnglish');
    await added;
    expect(load.mock.calls.map(([l]) => l)).toEqual(['zh-HK', 'en-US']);
    expect(instance.t('onlyEnglish', { ns: 'wallet' })).toBe('Only in English');
  });

  it('an app’s catalogue that fails shows its English texts and is reported', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { instance, addAppTexts } = await createI18n(
      memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'ar-AE' }),
      () => undefined,
      createLocaleTextsLoader(shellChunks),
    );
    await addAppTexts(
      walletApp(async (locale) => {
        if (locale === 'ar-AE') throw new Error('ChunkLoadError');
        return WALLET[locale]!;
      }),
    );
    expect(instance.t('title', { ns: 'wallet' })).toBe('Wallet');
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('wallet texts in ar-AE'), expect.any(Error));
  });

  it('two quick switches end on the last one chosen, whichever language arrives first', async () => {
    const { instance, service, addAppTexts } = await createI18n(
      memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'en-US' }),
      () => undefined,
      createLocaleTextsLoader(shellChunks),
    );
    let releaseArabic!: () => void;
    const arabicArrives = new Promise<void>((resolve) => (releaseArabic = resolve));
    await addAppTexts(
      walletApp(async (locale) => {
        if (locale === 'ar-AE') await arabicArrives;
        return WALLET[locale]!;
      }),
    );
    const slow = service.setLanguage('ar-AE');
    await service.setLanguage('zh-HK');
    releaseArabic();
    await slow;
    expect(service.language()).toBe('zh-HK');
    expect(instance.language).toBe('zh-HK');
    expect(instance.t('title', { ns: 'wallet' })).toBe('錢包');
  });

  it('a remote built before contract 1.2 (every language inline) still works', async () => {
    const { instance, addAppTexts } = await createI18n(
      memoryStorage({ [LANGUAGE_STORAGE_KEY]: 'ar-AE' }),
      () => undefined,
      createLocaleTextsLoader(shellChunks),
    );
    await addAppTexts({ name: 'mf_wallet', i18n: { namespace: 'wallet', resources: WALLET } } as unknown as FeatureApp);
    expect(instance.t('title', { ns: 'wallet' })).toBe('المحفظة');
  });
});

describe('the language the server paints the first frame in', () => {
  it('is mirrored in the cw_lang cookie with the direction on <html>', async () => {
    const { applyDocumentLanguage } = await import('./i18n');
    applyDocumentLanguage('ar-AE' as Locale);
    expect(document.cookie).toContain('cw_lang=ar-AE');
    expect(document.documentElement.dir).toBe('rtl');
    applyDocumentLanguage('tr-TR' as Locale);
    expect(document.cookie).toContain('cw_lang=tr-TR');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
