import type { Locale } from '@cardwallet/shared';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-HK': '繁體中文',
  'ar-AE': 'العربية',
  'tr-TR': 'Türkçe',
};
