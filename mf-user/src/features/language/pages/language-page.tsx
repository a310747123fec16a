import { List } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { LOCALES, useHost } from '@cardwallet/shared';
import { NATIVE_LANGUAGE_NAMES } from '../native-names';

/**
 * The four languages, each named in itself; the current one is checked — visibly and for screen
 * readers (a radio group of real buttons: antd-mobile's CheckList rows are href-less anchors that a
 * keyboard cannot reach and that announce no checked state).
 */
export default function LanguagePage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const current = host.i18n.useLanguage();
  return (
    <main className="user-page">
      <div role="radiogroup" aria-label={t('language.title')}>
        <List>
          {LOCALES.map((locale) => (
            <List.Item
              key={locale}
              className="cw-nav-item"
              extra={locale === current ? <CheckOutline aria-hidden className="user-check" /> : null}
            >
              <button
                type="button"
                role="radio"
                aria-checked={locale === current}
                lang={locale}
                className="cw-stretched-link user-language-option"
                onClick={() => {
                  if (locale !== current) void host.i18n.setLanguage(locale);
                }}
              >
                {NATIVE_LANGUAGE_NAMES[locale]}
              </button>
            </List.Item>
          ))}
        </List>
      </div>
    </main>
  );
}
