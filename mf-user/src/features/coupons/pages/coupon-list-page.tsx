import { Button, InfiniteScroll, Skeleton, Tabs } from 'antd-mobile';
import { CustomNavBar } from '@cardwallet/shared/ui';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isRtl, useHost } from '@cardwallet/shared';
import { COUPON_STATES, type CouponState } from '@cardwallet/shared/schemas';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useCouponList } from '../api/list-coupons';
import { CouponCard } from '../components/coupon-card';

const isState = (v: string | null): v is CouponState => (COUPON_STATES as readonly string[]).includes(v ?? '');

/** My coupons (spec §2 coupon-list): nav-bar text button to bind, tabs available / used / expired. */
export default function CouponListPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const state: CouponState = isState(tabParam) ? tabParam : 'available';
  const list = useCouponList(state);
  const counts = list.data?.pages[0]?.counts;
  const coupons = list.data?.pages.flatMap((p) => p.data) ?? [];

  return (
    <main className="user-page">
      <CustomNavBar
        title={t('coupons.title')}
        right={
          <button
            type="button"
            className="user-text-button"
            onClick={() => host.navigation.navigate('/pages/user/coupon-binding')}
          >
            {t('coupons.bindAction')}
          </button>
        }
      />
      <Tabs
        activeKey={state}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        direction={isRtl(locale) ? 'rtl' : 'ltr'}
      >
        {COUPON_STATES.map((s) => (
          <Tabs.Tab key={s} title={counts ? `${t(`coupons.tabs.${s}`)} (${counts[s]})` : t(`coupons.tabs.${s}`)} />
        ))}
      </Tabs>
      <section aria-label={t(`coupons.tabs.${state}`)} aria-busy={list.isPending}>
        {list.isPending ? (
          <div className="user-coupon-list">
            <Skeleton.Paragraph lineCount={6} animated />
          </div>
        ) : list.isError ? (
          <div className="user-error-state">
            <p role="alert">{apiErrorMessage(list.error, t)}</p>
            <Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>
          </div>
        ) : coupons.length === 0 ? (
          <div className="user-error-state">
            <p>{t(`coupons.empty.${state}`)}</p>
            {state === 'available' ? (
              <Button color="primary" onClick={() => host.navigation.navigate('/pages/user/coupon-binding')}>
                {t('coupons.bindTitle')}
              </Button>
            ) : null}
          </div>
        ) : (
          <div className="user-coupon-list">
            {coupons.map((c) => (
              <CouponCard key={c.id} coupon={c} locale={locale} />
            ))}
            <InfiniteScroll hasMore={list.hasNextPage} loadMore={async () => void (await list.fetchNextPage())}>
              {list.hasNextPage ? t('common.loading') : t('coupons.end')}
            </InfiniteScroll>
          </div>
        )}
      </section>
    </main>
  );
}
