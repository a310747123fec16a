import { CheckList } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale, useHost } from '@cardwallet/shared';
import { NATIVE_LANGUAGE_NAMES as NATIVE_NAMES } from '../native-names';

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
