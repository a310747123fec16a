import List from 'antd-mobile/es/components/list';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { CRYPTO_CURRENCIES } from '@cardwallet/shared/schemas';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { walletPath } from '../../../lib/route-params';
import { useCurrencies } from '../api/get-currencies';

/** Pages that choose a currency here and get it back as `?currency=&network=`. */
const NEXT_PAGES = ['recharge', 'withdraw', 'add-address', 'select-address'] as const;
type NextPage = (typeof NEXT_PAGES)[number];

/** The currency and network chooser of deposit, withdraw and the address book. */
export default function SelectCurrencyPage() {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  const [params] = useSearchParams();
  const next: NextPage = (NEXT_PAGES as readonly string[]).includes(params.get('next') ?? '')
    ? (params.get('next') as NextPage)
    : 'recharge';
  const currencies = useCurrencies();

  if (currencies.isPending) return <PageSkeleton rows={6} />;
  if (currencies.isError) return <LoadError error={currencies.error} onRetry={() => void currencies.refetch()} />;
  const crypto = currencies.data.currencies.filter((c) => (CRYPTO_CURRENCIES as readonly string[]).includes(c.code));

  return (
    <main className="wallet-page">
      <p className="wallet-intro">{t('selectCurrency.intro')}</p>
      {crypto.map((c) => (
        <List key={c.code} header={<h2 className="wallet-list-header">{c.code}</h2>}>
          {c.networks.map((network) => (
            <List.Item
              key={network}
              description={t('selectCurrency.minimums', {
                deposit: c.depositCreditThreshold,
                withdraw: c.withdrawMinimum,
                currency: c.code,
              })}
              onClick={() => navigation.redirect(walletPath(next, { currency: c.code, network }))}
            >
              {t('selectCurrency.option', { currency: c.code, network })}
            </List.Item>
          ))}
        </List>
      ))}
    </main>
  );
}
