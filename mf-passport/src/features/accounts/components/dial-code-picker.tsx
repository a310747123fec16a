import { useEffect, useState } from 'react';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import type { Country } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';
import type { DialCodeSheet as Sheet } from './dial-code-sheet';

export interface DialCodePickerProps {
  countries: Country[];
  country: string;
  dialCode: string;
  onChange: (country: Country) => void;
}

let loading: Promise<typeof Sheet> | undefined;

/** The sheet's chunk, once for every picker; a failed load is asked for again by the next caller. */
export function loadDialCodeSheet(): Promise<typeof Sheet> {
  if (!loading) {
    const started = import(/* webpackChunkName: "dial-code-sheet" */ './dial-code-sheet').then((m) => m.DialCodeSheet);
    loading = started;
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
  }
  return loading;
}

/**
 * The dial code in front of a mobile number. A bottom sheet of real buttons rather than
 * antd-mobile's Picker wheel, whose accessible names are hard-coded in Chinese. The sheet is asked
 * for when the button first shows (the mobile tab chosen), so it is there when the button is pressed.
 */
export function DialCodePicker({ countries, country, dialCode, onChange }: DialCodePickerProps) {
  const { t } = useTranslation('passport');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [DialCodeSheet, setSheet] = useState<typeof Sheet | null>(null);
  useEffect(() => {
    let live = true;
    loadDialCodeSheet().then(
      (loaded) => live && setSheet(() => loaded),
      () => undefined, // asked for again when the button is pressed
    );
    return () => {
      live = false;
    };
  }, []);
  const chosen = countries.find((c) => c.code === country);
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const press = () => {
    setOpen(true);
    if (DialCodeSheet) return;
    loadDialCodeSheet().then(
      (loaded) => setSheet(() => loaded),
      () => setOpen(false), // offline: the button stays closed and can be pressed again
    );
  };

  return (
    <>
      <button
        type="button"
        className="passport-dial-code"
        aria-label={t('fields.dialCodeButton', { dialCode: dialCode || '—', country: chosen?.name ?? '' })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={press}
      >
        <bdi dir="ltr">{dialCode || '+'}</bdi>
        <DownOutline aria-hidden />
      </button>
      {DialCodeSheet && (
        <DialCodeSheet
          countries={countries}
          country={country}
          open={open}
          query={query}
          onQuery={setQuery}
          onChoose={onChange}
          onClose={close}
        />
      )}
    </>
  );
}
