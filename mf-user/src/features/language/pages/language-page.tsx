import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale, useHost, type Locale } from '@cardwallet/shared';

/** Each language is named in itself, so a user who cannot read the current one still finds theirs. */
const NATIVE_NAMES: Record<Locale, string> = {
  'en-US': 'English',
  'zh-HK': '繁體中文',
  'ar-AE': 'العربية',
  'tr-TR': 'Türkçe',
};

export default function LanguagePage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const current = host.i18n.useLanguage();
  return (
    <main>
      <CheckList
        aria-label={t('language.title')}
        value={[current]}
        onChange={(values) => {
          const next = values[0];
          if (isLocale(next) && next !== current) void host.i18n.setLanguage(next);
        }}
      >
        {LOCALES.map((locale) => (
          <CheckList.Item key={locale} value={locale} aria-label={NATIVE_NAMES[locale]}>
            <span lang={locale}>{NATIVE_NAMES[locale]}</span>
          </CheckList.Item>
        ))}
      </CheckList>
    </main>
  );
}
