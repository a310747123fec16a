import { useMemo } from 'react';
import { List, Popup } from 'antd-mobile';
import type { Country } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';

export interface DialCodeSheetProps {
  countries: Country[];
  country: string;
  open: boolean;
  query: string;
  onQuery: (query: string) => void;
  onChoose: (country: Country) => void;
  onClose: () => void;
}

/**
 * The dial code picker's bottom sheet: a search field and the countries as real buttons. Its own
 * chunk (antd-mobile's Popup with react-spring and @use-gesture), loaded by the picker's button
 * when it first shows, so no page pays for it before a mobile number is asked for (issue 24, TBT).
 */
export function DialCodeSheet({ countries, country, open, query, onQuery, onChoose, onClose }: DialCodeSheetProps) {
  const { t } = useTranslation('passport');
  // 245 countries: filter by name, ISO code or dial code ("tür", "TR", "+90", "90").
  const shown = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    if (!q) return countries;
    const digits = q.replace(/[^\d]/g, '');
    return countries.filter(
      (c) =>
        c.name.toLocaleLowerCase().includes(q) ||
        c.code.toLowerCase() === q ||
        (digits.length > 0 && c.dialCode.replace('+', '').startsWith(digits)),
    );
  }, [countries, query]);

  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
      destroyOnClose
    >
      <div role="dialog" aria-label={t('fields.chooseDialCode')}>
        <div className="passport-dial-search">
          <input
            type="search"
            value={query}
            onChange={(event) => onQuery(event.target.value)}
            placeholder={t('fields.searchCountry')}
            aria-label={t('fields.searchCountry')}
            enterKeyHint="search"
          />
        </div>
        <List header={t('fields.chooseDialCode')}>
          {shown.map((c) => (
            <List.Item key={c.code} arrowIcon={false}>
              <button
                type="button"
                className="passport-dial-option"
                aria-pressed={c.code === country}
                onClick={() => {
                  onChoose(c);
                  onClose();
                }}
              >
                <span>{c.name}</span>
                <bdi dir="ltr">{c.dialCode}</bdi>
              </button>
            </List.Item>
          ))}
        </List>
      </div>
    </Popup>
  );
}
