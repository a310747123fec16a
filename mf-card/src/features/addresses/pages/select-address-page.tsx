import { Button, Dialog, ErrorBlock, List } from 'antd-mobile';
import { CustomNavBar } from '@cardwallet/shared/ui';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardAddress } from '@cardwallet/shared/schemas';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useAddressChoice } from '../address-choice';
import { useAddresses } from '../api/get-addresses';
import { useDeleteAddress } from '../api/delete-address';

/** Shipping addresses: choose one for the physical card (`?select=1`), edit or delete; the nav bar's icon adds one. */
export default function SelectAddressPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  const selecting = useQueryParam('select') === '1';
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const choose = useAddressChoice((s) => s.choose);
  const chosen = useAddressChoice((s) => s.addressId);
  const add = (
    <button
      type="button"
      className="cw-icon-button"
      aria-label={t('address.add')}
      onClick={() => host.navigation.navigate('/pages/card/add-address')}
    >
      <AddOutline aria-hidden />
    </button>
  );
  const body = addresses.isPending ? (
    <PageSkeleton label={t('common.loading')} />
  ) : addresses.isError ? (
    <LoadError error={addresses.error} retry={() => void addresses.refetch()} />
  ) : addresses.data.length === 0 ? (
    <>
      <ErrorBlock
        status="empty"
        title={t('address.emptyTitle')}
        description={t('address.emptyDescription')}
        fullPage={false}
      />
      <div className="card-actions">
        <Button color="primary" onClick={() => host.navigation.navigate('/pages/card/add-address')}>
          {t('address.add')}
        </Button>
      </div>
    </>
  ) : (
    <List>
      {addresses.data.map((a) => (
        <List.Item
          key={a.id}
          arrowIcon={false}
          description={
            <>
              <span>{`${a.detail}, ${a.area}, ${a.city}, ${a.province}, ${a.country}`}</span>{' '}
              <span className="cw-ltr">{a.postalCode}</span>
            </>
          }
          extra={
            <span className="card-row-actions">
              {selecting ? (
                <Button
                  size="small"
                  color="primary"
                  fill={chosen === a.id ? 'solid' : 'outline'}
                  aria-pressed={chosen === a.id}
                  aria-label={t('address.useNamed', { name: a.receiver })}
                  onClick={() => {
                    choose(a.id);
                    host.navigation.back();
                  }}
                >
                  {t('address.use')}
                </Button>
              ) : null}
              <Button
                size="small"
                fill="none"
                aria-label={t('address.mapNamed', { name: a.receiver })}
                onClick={() => host.navigation.navigate(openLocationUrl(a))}
              >
                {t('address.map')}
              </Button>
              <Button
                size="small"
                fill="none"
                aria-label={t('address.editNamed', { name: a.receiver })}
                onClick={() => host.navigation.navigate(`/pages/card/add-address?id=${encodeURIComponent(a.id)}`)}
              >
                {t('address.edit')}
              </Button>
              <Button
                size="small"
                fill="none"
                color="danger"
                aria-label={t('address.deleteNamed', { name: a.receiver })}
                onClick={async () => {
                  if (
                    !(await Dialog.confirm({
                      content: t('address.confirmDelete'),
                      confirmText: t('address.delete'),
                      cancelText: t('common.cancel'),
                    }))
                  )
                    return;
                  try {
                    await remove.mutateAsync(a.id);
                    if (chosen === a.id) choose(null);
                  } catch (error) {
                    host.toast.show(apiErrorMessage(error, t), { icon: 'fail' });
                  }
                }}
              >
                {t('address.delete')}
              </Button>
            </span>
          }
        >
          {a.receiver} <span className="cw-ltr">{a.mobile}</span>
        </List.Item>
      ))}
    </List>
  );
  return (
    <>
      <CustomNavBar title={t('titles.selectAddress')} right={add} />
      <main className="card-page">{body}</main>
    </>
  );
}

/**
 * The saved address on /pages/system/open-location (issue 27). Addresses keep no coordinates: the
 * page geocodes them through places/search, the whole address first, then its city and country.
 */
function openLocationUrl(a: CardAddress): string {
  const full = [a.detail, a.area, a.city, a.province, a.country].filter(Boolean).join(', ');
  const q = new URLSearchParams();
  q.append('q', full);
  q.append('q', [a.city, a.country].filter(Boolean).join(', '));
  q.set('name', a.receiver);
  q.set('address', `${full} ${a.postalCode}`.trim());
  return `/pages/system/open-location?${q}`;
}
