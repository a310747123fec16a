import { useMemo, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useHost } from '@cardwallet/shared';
import { useToolsTranslation } from './i18n';
import './tools.css';

interface Country {
  code: string;
  dialCode: string;
  name: string;
}

/**
 * Country/region picker used across the product (spec §2 index/country): names in the reader's
 * language (from the API, Intl.DisplayNames), dial codes, search by name, code or dial code. Opened as
 * `/pages/index/country?returnTo=<path>&selected=<ISO code>`; choosing goes back to `returnTo` with
 * `country=<ISO code>&dialCode=<+NN>` added to its query.
 */
export default function CountryPage() {
  const { t, i18n } = useToolsTranslation();
  const host = useHost();
  const [params] = useSearchParams();
  const [q, setQ] = useState('');
  const countries = useQuery({
    queryKey: ['shell', 'countries', i18n.language],
    queryFn: async () =>
      (await host.http.get<{ countries: Country[] }>('user/getRegisterData', undefined, { prompt: false })).countries,
    staleTime: 3600_000,
  });
  const selected = params.get('selected')?.toUpperCase() ?? '';
  const matches = useMemo(() => {
    const needle = q.trim().toLocaleLowerCase(i18n.language);
    const digits = needle.replace(/[^\d]/g, '');
    const list = countries.data ?? [];
    if (!needle) return list;
    return list.filter(
      (c) =>
        c.name.toLocaleLowerCase(i18n.language).includes(needle) ||
        c.code.toLowerCase() === needle ||
        (digits !== '' && c.dialCode.replace('+', '').startsWith(digits)),
    );
  }, [countries.data, q, i18n.language]);

  const choose = (c: Country) => {
    const returnTo = params.get('returnTo') ?? '';
    // Only our own pages: a crafted returnTo cannot send the customer elsewhere.
    if (!/^\/pages\/[a-z0-9_/-]+(\?[^#]*)?$/i.test(returnTo)) return host.navigation.back();
    const sep = returnTo.includes('?') ? '&' : '?';
    host.navigation.redirect(`${returnTo}${sep}country=${c.code}&dialCode=${encodeURIComponent(c.dialCode)}`);
  };

  return (
    <>
      <div className="cw-country-search" role="search">
        <SearchBar placeholder={t('search')} value={q} onChange={setQ} clearable={false} aria-label={t('search')} />
      </div>
      {countries.isPending ? (
        <div aria-busy="true">
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : countries.isError ? (
        <ErrorBlock status="default" title={<span role="alert">{t('loadFailed')}</span>} description="">
          <Button color="primary" onClick={() => void countries.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : matches.length === 0 ? (
        <ErrorBlock status="empty" title={<span role="status">{t('noMatch', { q })}</span>} description="" />
      ) : (
        <ul className="cw-country-list">
          {matches.map((c) => (
            <li key={c.code}>
              <button
                type="button"
                className="cw-country-option"
                aria-current={c.code === selected}
                onClick={() => choose(c)}
              >
                <span>
                  {c.name}
                  {c.code === selected && <span className="cw-visually-hidden"> ({t('selected')})</span>}
                </span>
                <span className="cw-country-dial cw-ltr">{c.dialCode}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
