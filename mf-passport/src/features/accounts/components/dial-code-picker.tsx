import { useMemo, useState } from 'react';
import { List, Popup } from 'antd-mobile';
import { DownOutline } from 'antd-mobile-icons';
import type { Country } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';

export interface DialCodePickerProps {
  countries: Country[];
  country: string;
  dialCode: string;
  onChange: (country: Country) => void;
}

/**
 * The dial code in front of a mobile number. A bottom sheet of real buttons rather than
 * antd-mobile's Picker wheel, whose accessible names are hard-coded in Chinese.
 */
export function DialCodePicker({ countries, country, dialCode, onChange }: DialCodePickerProps) {
  const { t } = useTranslation('passport');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = countries.find((c) => c.code === country);
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
  const close = () => {
    setOpen(false);
    setQuery('');
  };

  return (
    <>
      <button
        type="button"
        className="passport-dial-code"
        aria-label={t('fields.dialCodeButton', { dialCode: dialCode || '—', country: chosen?.name ?? '' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <bdi dir="ltr">{dialCode || '+'}</bdi>
        <DownOutline aria-hidden />
      </button>
      <Popup
        visible={open}
        onMaskClick={close}
        onClose={close}
        bodyStyle={{ maxHeight: '70vh', overflowY: 'auto' }}
        destroyOnClose
      >
        <div role="dialog" aria-label={t('fields.chooseDialCode')}>
          <div className="passport-dial-search">
            <input
              type="search"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
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
                    onChange(c);
                    close();
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
    </>
  );
}
