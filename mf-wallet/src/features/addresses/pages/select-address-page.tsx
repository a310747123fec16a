import Button from 'antd-mobile/es/components/button';
import List from 'antd-mobile/es/components/list';
import { DeleteOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { CRYPTO_CURRENCIES, type CryptoCurrency } from '@cardwallet/shared/schemas';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { walletPath } from '../../../lib/route-params';
import { PageSkeleton } from '../../../components/page-skeleton';
import { LoadError } from '../../../components/load-error';
import { EmptyState } from '../../../components/empty-state';
import { useWithdrawDraft } from '../../withdraw/components/withdraw-draft';
import { useAddresses } from '../api/get-addresses';
import { useDeleteAddress } from '../api/delete-address';

/**
 * The address book per currency and network. With `pick=1` (from withdraw) a tap chooses the
 * address and returns; otherwise it lists every saved address with delete.
 */
export default function SelectAddressPage() {
  const { t } = useTranslation('wallet');
  const { navigation, modal, toast } = useHost();
  const [params] = useSearchParams();
  const rawCurrency = params.get('currency') ?? '';
  const currency = (CRYPTO_CURRENCIES as readonly string[]).includes(rawCurrency)
    ? (rawCurrency as CryptoCurrency)
    : undefined;
  const network = params.get('network') ?? undefined;
  const picking = params.get('pick') === '1' && currency !== undefined;
  const addresses = useAddresses(currency);
  const remove = useDeleteAddress();

  const shown = (addresses.data?.addresses ?? []).filter((a) => !network || !picking || a.network === network);
  const addPath = walletPath('add-address', { currency, network });

  const confirmDelete = async (id: string, label: string) => {
    const ok = await modal.confirm({
      title: t('addresses.deleteTitle'),
      content: t('addresses.deleteBody', { label }),
      confirmText: t('addresses.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    remove.mutate(id, {
      onSuccess: () => toast.show(t('addresses.deleted'), { icon: 'success' }),
      onError: (error) => void modal.error(apiErrorMessage(error, t)),
    });
  };

  return (
    <main className="wallet-page">
      {picking && <p className="wallet-intro">{t('addresses.pickIntro', { currency, network })}</p>}
      {addresses.isPending && <PageSkeleton rows={4} />}
      {addresses.isError && <LoadError error={addresses.error} onRetry={() => void addresses.refetch()} />}
      {addresses.data && shown.length === 0 && (
        <EmptyState title={t('addresses.emptyTitle')} description={t('addresses.emptyBody')} />
      )}
      {shown.length > 0 && (
        <List>
          {shown.map((a) => {
            const label = a.remark ?? `${a.currency} ${a.network}`;
            return (
              <List.Item
                key={a.id}
                arrowIcon={picking}
                onClick={
                  picking
                    ? () => {
                        useWithdrawDraft.getState().pickAddress(a.currency, a.network, a.address);
                        navigation.back();
                      }
                    : undefined
                }
                description={<span className="cw-ltr wallet-address-inline">{a.address}</span>}
                extra={
                  picking ? undefined : (
                    <button
                      type="button"
                      className="cw-icon-button"
                      aria-label={t('addresses.deleteOne', { label })}
                      disabled={remove.isPending}
                      onClick={() => void confirmDelete(a.id, label)}
                    >
                      <DeleteOutline aria-hidden />
                    </button>
                  )
                }
              >
                {label}{' '}
                <span className="wallet-muted">
                  · {a.currency} · {a.network}
                </span>
              </List.Item>
            );
          })}
        </List>
      )}
      <div className="wallet-actions-column">
        <Button
          block
          color="primary"
          onClick={() =>
            navigation.navigate(currency ? addPath : walletPath('select-currency', { next: 'add-address' }))
          }
        >
          {t('addresses.add')}
        </Button>
      </div>
    </main>
  );
}
