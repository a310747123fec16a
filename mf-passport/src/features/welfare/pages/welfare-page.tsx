import { Button, List } from 'antd-mobile';
import { CustomNavBar } from '@cardwallet/shared/ui';
import { CouponOutline, GlobalOutline, PayCircleOutline, TeamOutline, TruckOutline } from 'antd-mobile-icons';
import { GATEWAY_FEE_FREE_FROM_USD, PHYSICAL_CARD_DELIVERY_WORKING_DAYS, useHost } from '@cardwallet/shared';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

const BENEFITS = [
  { key: 'virtualCard', Icon: PayCircleOutline },
  { key: 'wallet', Icon: GlobalOutline },
  { key: 'referral', Icon: TeamOutline },
  { key: 'topUp', Icon: CouponOutline },
  { key: 'physicalCard', Icon: TruckOutline },
] as const;

/** What a new customer gets for joining, with the way in. */
export default function WelfarePage() {
  const { t } = useTranslation('passport');
  const host = useHost();
  const { isLoggedIn } = host.session.useSession();
  const [params] = useSearchParams();
  const refereeId = params.get('refereeId');
  const registerUrl = refereeId
    ? `/pages/passport/register?refereeId=${encodeURIComponent(refereeId)}`
    : '/pages/passport/register';
  const values = { feeFreeFrom: GATEWAY_FEE_FREE_FROM_USD, days: PHYSICAL_CARD_DELIVERY_WORKING_DAYS };

  return (
    <>
      <CustomNavBar title={t('titles.welfare')} />
      <main className="passport-page">
        <section className="passport-hero" aria-labelledby="welfare-hero">
          <h2 id="welfare-hero">{t('welfare.heading')}</h2>
          <p>{t('welfare.intro')}</p>
        </section>
        <List header={t('welfare.benefitsHeader')} className="passport-benefits">
          {BENEFITS.map(({ key, Icon }) => (
            <List.Item
              key={key}
              prefix={<Icon aria-hidden fontSize={24} />}
              description={t(`welfare.benefits.${key}.body`, values)}
            >
              <h3 className="passport-benefit-title">{t(`welfare.benefits.${key}.title`, values)}</h3>
            </List.Item>
          ))}
        </List>
        <p className="passport-fine-print">{t('welfare.finePrint')}</p>
        <div className="passport-actions">
          {isLoggedIn ? (
            <Button block color="primary" size="large" onClick={() => host.navigation.navigate('/pages/share/index')}>
              {t('welfare.inviteFriends')}
            </Button>
          ) : (
            <Button block color="primary" size="large" onClick={() => host.navigation.navigate(registerUrl)}>
              {t('welfare.cta')}
            </Button>
          )}
        </div>
      </main>
    </>
  );
}
