import { useMemo, useState } from 'react';
import { List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { countryName, localisedCountries, matchesCountry } from '../lib/countries';

/** A searchable country list with names in the customer's language (Intl.DisplayNames). */
export function CountryPicker({
  value,
  onChange,
  invalid,
}: {
  value: string | null;
  onChange: (code: string) => void;
  invalid?: boolean;
}) {
  const { t } = useTranslation('user');
  const locale = useHost().i18n.useLanguage();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const countries = useMemo(() => localisedCountries(locale), [locale]);
  const shown = countries.filter((c) => matchesCountry(c, query, locale));
  return (
    <>
      <List.Item>
        <button
          type="button"
          className="kyc-picker-button"
          aria-haspopup="dialog"
          aria-invalid={invalid || undefined}
          onClick={() => setOpen(true)}
        >
          <span>{t('kyc.lv1.country')}</span>
          <span className="kyc-picker-value">{value ? countryName(value, locale) : t('kyc.lv1.chooseCountry')}</span>
        </button>
      </List.Item>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="kyc-country-popup"
        destroyOnClose
      >
        <div role="dialog" aria-modal="true" aria-label={t('kyc.lv1.chooseCountry')}>
          <div className="kyc-country-search">
            <label className="kyc-visually-hidden" htmlFor="kyc-country-search">
              {t('kyc.lv1.search')}
            </label>
            <input
              id="kyc-country-search"
              type="search"
              className="kyc-search-input"
              placeholder={t('kyc.lv1.search')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              autoComplete="off"
            />
          </div>
          <ul className="kyc-country-list" aria-label={t('kyc.lv1.chooseCountry')}>
            {shown.map((c) => (
              <li key={c.code}>
                <button
                  type="button"
                  className="kyc-country-option"
                  aria-pressed={c.code === value}
                  onClick={() => {
                    onChange(c.code);
                    setOpen(false);
                    setQuery('');
                  }}
                >
                  {c.name}
                </button>
              </li>
            ))}
          </ul>
          {shown.length === 0 && <p className="kyc-muted kyc-pad">{t('kyc.lv1.noCountry')}</p>}
        </div>
      </Popup>
    </>
  );
}
