import { List, Tabs } from 'antd-mobile';
import type { CardProduct } from '@cardwallet/shared/schemas';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { formatUsd, isolate } from '../../../lib/money';
import { useProducts } from '../api/get-products';

const FIELDS = [
  'applicationFee',
  'monthlyFee',
  'monthlyLimit',
  'rechargeFee',
  'withdrawalFee',
  'transactionFee',
  'topUpMin',
  'topUpMax',
  'firstTopUpMin',
] as const;

/** The benefits of one card type: a tab per tier, each brand's fees and limits in the customer's locale. */
export function BenefitsTable({ type }: { type: CardProduct['type'] }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const products = useProducts();
  if (products.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (products.isError) return <LoadError error={products.error} retry={() => void products.refetch()} />;
  const ofType = products.data.products.filter((p) => p.type === type);
  return (
    <main className="card-page">
      <p className="card-intro">{t(`benefits.intro.${type}`)}</p>
      <Tabs>
        {(['standard', 'discount', 'premium'] as const).map((tier) => (
          <Tabs.Tab key={tier} title={t(`tier.${tier}`)}>
            {ofType
              .filter((p) => p.tier === tier)
              .map((p) => (
                <List key={p.id} header={t(`brand.${p.brand}`)}>
                  {FIELDS.map((f) => (
                    <List.Item
                      key={f}
                      extra={
                        <span className="cw-ltr">
                          {f === 'rechargeFee'
                            ? t('benefits.gatewayFee', {
                                fee: formatUsd(p.rechargeFee, locale),
                                from: formatUsd(products.data.gatewayFeeFreeFrom, locale),
                              })
                            : formatUsd(p[f], locale)}
                        </span>
                      }
                    >
                      {t(`benefits.fields.${f}`)}
                    </List.Item>
                  ))}
                </List>
              ))}
          </Tabs.Tab>
        ))}
      </Tabs>
      <p className="card-fine-print">
        {t('benefits.keep', { keep: isolate(formatUsd(products.data.minKeep, locale)) })}
      </p>
    </main>
  );
}
