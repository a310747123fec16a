import i18next from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import type { Locale } from '../locales';
import type { TranslationTree } from '../contract';
import { catalogueLoader, createCatalogueSet } from './catalogues';
import { latestWins } from './latest-wins';

const TEXTS: Record<Locale, TranslationTree> = {
  'en-US': { title: 'Wallet', only: { english: 'Only in English' } },
  'zh-HK': { title: '錢包' },
  'ar-AE': { title: 'المحفظة' },
  'tr-TR': { title: 'Cüzdan' },
};

/** A promise settled from outside, to order concurrent loads the way a test needs. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** An i18next instance like the shell's: English fallback, no texts of the app until they are added. */
async function shellLikeI18n(language: Locale) {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    fallbackLng: 'en-US',
    resources: {},
    interpolation: { escapeValue: false },
  });
  return instance;
}

function setFor(instance: Awaited<ReturnType<typeof shellLikeI18n>>) {
  const report = vi.fn();
  const set = createCatalogueSet({
    add: (locale, namespace, texts) => instance.addResourceBundle(locale, namespace, texts, true, true),
    report,
  });
  return { set, report };
}

describe('catalogueLoader (an app’s FeatureApp.i18n.load)', () => {
  it('imports a language once, only that language', async () => {
    const imports = {
      'en-US': vi.fn(async () => TEXTS['en-US']),
      'zh-HK': vi.fn(async () => TEXTS['zh-HK']),
      'ar-AE': vi.fn(async () => TEXTS['ar-AE']),
      'tr-TR': vi.fn(async () => TEXTS['tr-TR']),
    };
    const load = catalogueLoader(imports);
    expect(await load('ar-AE')).toBe(TEXTS['ar-AE']);
    expect(await load('ar-AE')).toBe(TEXTS['ar-AE']);
    expect(imports['ar-AE']).toHaveBeenCalledTimes(1);
    expect(imports['en-US']).not.toHaveBeenCalled();
    expect(imports['zh-HK']).not.toHaveBeenCalled();
  });

  it('asks once more for a chunk that failed, and after a second failure tries again on the next call', async () => {
    let failures = 4;
    const arabic = vi.fn(async () => {
      if (failures-- > 0) throw new Error('ChunkLoadError');
      return TEXTS['ar-AE'];
    });
    const load = catalogueLoader({ ...TEXTS_IMPORTS(), 'ar-AE': arabic });
    await expect(load('ar-AE')).rejects.toThrow('ChunkLoadError');
    expect(arabic).toHaveBeenCalledTimes(2);
    await expect(load('ar-AE')).rejects.toThrow('ChunkLoadError');
    expect(await load('ar-AE')).toBe(TEXTS['ar-AE']);
    expect(arabic).toHaveBeenCalledTimes(5);
  });
});

function TEXTS_IMPORTS(): Record<Locale, () => Promise<TranslationTree>> {
  return {
    'en-US': async () => TEXTS['en-US'],
    'zh-HK': async () => TEXTS['zh-HK'],
    'ar-AE': async () => TEXTS['ar-AE'],
    'tr-TR': async () => TEXTS['tr-TR'],
  };
}

describe('the shell’s catalogue set', () => {
  it('loads a registered app in the reader’s language only', async () => {
    const i18n = await shellLikeI18n('ar-AE');
    const { set, report } = setFor(i18n);
    const load = vi.fn(async (locale: Locale) => TEXTS[locale]);
    await set.register('wallet', load, 'ar-AE');
    expect(load.mock.calls.map(([l]) => l)).toEqual(['ar-AE']);
    expect(i18n.t('title', { ns: 'wallet' })).toBe('المحفظة');
    expect(i18n.hasResourceBundle('en-US', 'wallet')).toBe(false);
    expect(report).not.toHaveBeenCalled();
  });

  it('a catalogue that cannot be loaded: en-US instead, and the failure is reported', async () => {
    const i18n = await shellLikeI18n('tr-TR');
    const { set, report } = setFor(i18n);
    const failure = new Error('ChunkLoadError: locale-tr-TR');
    const load = vi.fn(async (locale: Locale) => {
      if (locale === 'tr-TR') throw failure;
      return TEXTS[locale];
    });
    await expect(set.register('wallet', load, 'tr-TR')).resolves.toBeUndefined();
    expect(i18n.t('title', { ns: 'wallet' })).toBe('Wallet');
    expect(report).toHaveBeenCalledWith(failure, { namespace: 'wallet', locale: 'tr-TR' });
    // Tried again when the reader comes back to the language.
    load.mockImplementation(async (locale: Locale) => TEXTS[locale]);
    await set.prepare('tr-TR');
    expect(i18n.t('title', { ns: 'wallet' })).toBe('Cüzdan');
  });

  it('neither language loads: keys, reported twice, never a rejection', async () => {
    const i18n = await shellLikeI18n('zh-HK');
    const { set, report } = setFor(i18n);
    await expect(set.register('wallet', () => Promise.reject(new Error('offline')), 'zh-HK')).resolves.toBeUndefined();
    expect(report.mock.calls.map(([, where]) => (where as { locale: string }).locale)).toEqual(['zh-HK', 'en-US']);
    expect(i18n.t('title', { ns: 'wallet' })).toBe('title');
  });

  it('a key missing in the reader’s language falls back to en-US once its English texts are loaded', async () => {
    const i18n = await shellLikeI18n('zh-HK');
    const { set } = setFor(i18n);
    const load = vi.fn(async (locale: Locale) => TEXTS[locale]);
    await set.register('wallet', load, 'zh-HK');
    expect(i18n.t('only.english', { ns: 'wallet' })).toBe('only.english');
    await set.fallback('wallet');
    expect(i18n.t('only.english', { ns: 'wallet' })).toBe('Only in English');
    expect(i18n.t('title', { ns: 'wallet' })).toBe('錢包');
  });

  it('prepare loads every registered app in the new language; an app registered during a switch gets it too', async () => {
    const i18n = await shellLikeI18n('en-US');
    const { set } = setFor(i18n);
    const wallet = vi.fn(async (locale: Locale) => TEXTS[locale]);
    await set.register('wallet', wallet, 'en-US');
    const arabicWallet = deferred<TranslationTree>();
    wallet.mockImplementationOnce(() => arabicWallet.promise);
    const switching = set.prepare('ar-AE');
    const card = vi.fn(async (locale: Locale) => ({ name: `card ${locale}` }));
    await set.register('card', card, 'en-US');
    expect(card.mock.calls.map(([l]) => l)).toEqual(['en-US', 'ar-AE']);
    arabicWallet.resolve(TEXTS['ar-AE']);
    await switching;
    await i18n.changeLanguage('ar-AE');
    expect(i18n.t('title', { ns: 'wallet' })).toBe('المحفظة');
    expect(i18n.t('name', { ns: 'card' })).toBe('card ar-AE');
  });
});

describe('latestWins (the language switch)', () => {
  it('applies a switch once its texts are prepared', async () => {
    const applied: Locale[] = [];
    const prepared: Locale[] = [];
    const switchTo = latestWins(
      async (l: Locale) => void prepared.push(l),
      (l: Locale) => void applied.push(l),
    );
    await expect(switchTo('tr-TR')).resolves.toBe(true);
    expect(prepared).toEqual(['tr-TR']);
    expect(applied).toEqual(['tr-TR']);
  });

  it('of two quick switches, the last one chosen wins even when the first one’s texts arrive last', async () => {
    const slow = deferred<void>();
    const fast = deferred<void>();
    const applied: Locale[] = [];
    const switchTo = latestWins(
      (l: Locale) => (l === 'ar-AE' ? slow.promise : fast.promise),
      (l: Locale) => void applied.push(l),
    );
    const first = switchTo('ar-AE');
    const second = switchTo('zh-HK');
    fast.resolve();
    await expect(second).resolves.toBe(true);
    slow.resolve();
    await expect(first).resolves.toBe(false);
    expect(applied).toEqual(['zh-HK']);
  });

  it('the last switch also wins when it is prepared first and the earlier one later', async () => {
    const gates = { 'ar-AE': deferred<void>(), 'tr-TR': deferred<void>() } as Record<
      string,
      ReturnType<typeof deferred<void>>
    >;
    const applied: Locale[] = [];
    const switchTo = latestWins(
      (l: Locale) => gates[l]!.promise,
      (l: Locale) => void applied.push(l),
    );
    const first = switchTo('ar-AE');
    const second = switchTo('tr-TR');
    gates['ar-AE']!.resolve();
    await expect(first).resolves.toBe(false);
    gates['tr-TR']!.resolve();
    await expect(second).resolves.toBe(true);
    expect(applied).toEqual(['tr-TR']);
  });

  it('a switch whose texts fail rejects and changes nothing', async () => {
    const apply = vi.fn();
    const switchTo = latestWins(() => Promise.reject(new Error('ChunkLoadError')), apply);
    await expect(switchTo('ar-AE')).rejects.toThrow('ChunkLoadError');
    expect(apply).not.toHaveBeenCalled();
  });
});
