import { useTranslation } from 'react-i18next';
import type { Locale } from '@cardwallet/shared';
import type { Coupon } from '@cardwallet/shared/schemas';
import { formatUsd } from '@cardwallet/shared/money-format';

/** The discount as the customer reads it: "$10.00" or "50%" (up to $0.30). */
export function discountText(coupon: Coupon, locale: Locale): { headline: string; detail: string | null } {
  if (coupon.discountType === 'fixed') return { headline: formatUsd(locale, coupon.discountValue), detail: null };
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
    Number(coupon.discountValue) / 100,
  );
  return { headline: percent, detail: coupon.discountCap ? formatUsd(locale, coupon.discountCap) : null };
}

export function CouponCard({ coupon, locale }: { coupon: Coupon; locale: Locale }) {
  const { t } = useTranslation('user');
  const { headline, detail } = discountText(coupon, locale);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const inactive = coupon.state !== 'available';
  return (
    <article
      className={inactive ? 'user-coupon user-coupon--inactive' : 'user-coupon'}
      aria-label={`${t(`coupons.scope.${coupon.scope}`)} ${headline}`}
    >
      <div className="user-coupon-discount">
        <strong>{headline}</strong>
        <span>{detail ? t('coupons.upTo', { amount: detail }) : t('coupons.off')}</span>
      </div>
      <div className="user-coupon-body">
        <h3>{t(`coupons.scope.${coupon.scope}`)}</h3>
        <dl>
          <dt>{t('coupons.code')}</dt>
          <dd className="user-coupon-code cw-ltr">{coupon.code}</dd>
          <dt>{t('coupons.validUntil')}</dt>
          <dd>
            <time dateTime={coupon.validUntil}>{date(coupon.validUntil)}</time>
          </dd>
          {coupon.state === 'used' && coupon.usedAt ? (
            <>
              <dt>{t('coupons.usedAt')}</dt>
              <dd>
                <time dateTime={coupon.usedAt}>{date(coupon.usedAt)}</time>
                {coupon.usedDiscount ? ` · −${formatUsd(locale, coupon.usedDiscount)}` : ''}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
    </article>
  );
}
