import { useEffect, useState } from 'react';
import { Button, List } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { applyCardBody, CARD_BRANDS, CARD_TIERS, type ApplyCardBody } from '@cardwallet/shared/schemas';
import {
  apiErrorMessage,
  applyServerFieldErrors,
  FormAlert,
  PasswordField,
  FieldGroup,
} from '@cardwallet/shared/forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { GateNotice } from '../../../components/gate-notice';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { FIX_PAGE, fixPageOf } from '../../../lib/gate';
import { formatUsd, fromCents, toCents } from '../../../lib/money';
import { useQueryParam } from '../../../lib/use-query-param';
import { useAddressChoice } from '../../addresses/address-choice';
import { useAddresses } from '../../addresses/api/get-addresses';
import { useApplyCard } from '../api/apply-card';
import { useEligibility } from '../api/get-eligibility';
import { useProducts } from '../api/get-products';
import { useFeeCoupons } from '../api/get-fee-coupons';
import { couponDiscount } from '../../../lib/coupon-discount';
import { NavListItem, AppLink } from '@cardwallet/shared/ui';
import { WechatPayButton } from '../../wechat-pay/components/wechat-pay-button';

type CardType = 'virtual' | 'physical';

/** Set card info: type, brand, tier, the 6-digit card PIN twice, and a shipping address for a physical card. */
export default function ApplyPage() {
  const { t } = useTranslation('card');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const [type, setType] = useState<CardType>(useQueryParam('type') === 'physical' ? 'physical' : 'virtual');
  const [brand, setBrand] = useState<(typeof CARD_BRANDS)[number]>('visa');
  const [tier, setTier] = useState<(typeof CARD_TIERS)[number]>('standard');
  const products = useProducts();
  const eligibility = useEligibility();
  const addresses = useAddresses();
  const addressId = useAddressChoice((s) => s.addressId);
  const apply = useApplyCard();
  const coupons = useFeeCoupons();
  const [couponId, setCouponId] = useState<string>('none');
  const [failure, setFailure] = useState<{ message: string; fix: string | null } | null>(null);
  const form = useForm<ApplyCardBody>({
    mode: 'onTouched',
    resolver: zodResolver(applyCardBody),
    defaultValues: { productId: `${type}-${brand}-${tier}`, pin: '', pinConfirm: '' },
  });
  const productId = `${type}-${brand}-${tier}`;
  useEffect(() => form.setValue('productId', productId), [form, productId]);

  if (products.isPending || eligibility.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (products.isError) return <LoadError error={products.error} retry={() => void products.refetch()} />;
  if (eligibility.isError) return <LoadError error={eligibility.error} retry={() => void eligibility.refetch()} />;

  const product = products.data.products.find((p) => p.id === productId)!;
  const verdict = eligibility.data[type];
  const address =
    type === 'physical' ? (addresses.data?.find((a) => a.id === addressId) ?? addresses.data?.[0] ?? null) : null;
  const coupon = coupons.data?.find((c) => c.id === couponId) ?? null;
  const discount = coupon ? couponDiscount(coupon, product.applicationFee) : '0.00';
  const payable = fromCents((toCents(product.applicationFee) ?? 0n) - (toCents(discount) ?? 0n));
  const shortOfFee = (toCents(eligibility.data.cardFunding) ?? 0n) < (toCents(payable) ?? 0n);
  const couponLabel = (c: NonNullable<typeof coupon>) =>
    c.discountType === 'fixed'
      ? t('apply.couponFixed', { code: c.code, amount: formatUsd(c.discountValue, locale) })
      : t('apply.couponPercent', {
          code: c.code,
          percent: c.discountValue,
          cap: formatUsd(c.discountCap ?? '0', locale),
        });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const card = await apply.mutateAsync({
        ...values,
        productId,
        ...(address ? { addressId: address.id } : {}),
        ...(coupon ? { couponId: coupon.id } : {}),
      });
      host.navigation.redirect(`/pages/card/apply-success?cardId=${encodeURIComponent(card.id)}`);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['pin', 'pinConfirm'])) return;
      setFailure({ message: apiErrorMessage(error, t), fix: fixPageOf(error) });
    }
  });

  return (
    <main className="card-page">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('apply.formLabel')}>
        <ChoiceGroup
          legend={t('apply.type')}
          name="type"
          value={type}
          onChange={setType}
          options={(['virtual', 'physical'] as const).map((v) => ({ value: v, label: t(`type.${v}`) }))}
        />
        <ChoiceGroup
          legend={t('apply.brand')}
          name="brand"
          value={brand}
          onChange={setBrand}
          options={CARD_BRANDS.map((v) => ({ value: v, label: t(`brand.${v}`) }))}
        />
        <ChoiceGroup
          legend={t('apply.tier')}
          name="tier"
          value={tier}
          onChange={setTier}
          options={CARD_TIERS.map((v) => ({ value: v, label: t(`tier.${v}`) }))}
        />
        {!verdict.allowed && verdict.reason ? (
          <GateNotice
            message={t(`errors.${verdict.reason}`, { ns: 'common' })}
            fix={FIX_PAGE[verdict.reason] ?? null}
          />
        ) : null}
        <List header={t('apply.costs')}>
          <List.Item extra={<span className="cw-ltr">{formatUsd(product.applicationFee, locale)}</span>}>
            {t('benefits.fields.applicationFee')}
          </List.Item>
          <List.Item extra={<span className="cw-ltr">{formatUsd(product.monthlyFee, locale)}</span>}>
            {t('benefits.fields.monthlyFee')}
          </List.Item>
          {coupon ? (
            <>
              <List.Item extra={<span className="cw-ltr">−{formatUsd(discount, locale)}</span>}>
                {t('apply.discount')}
              </List.Item>
              <List.Item extra={<strong className="cw-ltr">{formatUsd(payable, locale)}</strong>}>
                {t('apply.payable')}
              </List.Item>
            </>
          ) : null}
          <List.Item extra={<span className="cw-ltr">{formatUsd(eligibility.data.cardFunding, locale)}</span>}>
            {t('apply.funding')}
          </List.Item>
        </List>
        {coupons.data && coupons.data.length > 0 ? (
          <ChoiceGroup
            legend={t('apply.coupon')}
            name="coupon"
            value={couponId}
            onChange={setCouponId}
            options={[
              { value: 'none', label: t('apply.noCoupon') },
              ...coupons.data.map((c) => ({ value: c.id, label: couponLabel(c) })),
            ]}
          />
        ) : null}
        <p className="card-fine-print">
          <AppLink className="card-link" href={type === 'virtual' ? '/pages/card/vbenefits' : '/pages/card/benefits'}>
            {t('apply.seeBenefits')}
          </AppLink>
        </p>
        {verdict.allowed && shortOfFee ? (
          <GateNotice
            message={t('errors.insufficient_wallet_balance', { ns: 'common' })}
            fix="/pages/wallet/transfer"
          />
        ) : null}
        {type === 'physical' ? (
          <List header={t('apply.shipping')}>
            {address ? (
              <NavListItem
                to="/pages/card/select-address?select=1"
                description={`${address.detail}, ${address.area}, ${address.city}, ${address.province}, ${address.country} ${address.postalCode}`}
              >
                {address.receiver} <span className="cw-ltr">{address.mobile}</span>
              </NavListItem>
            ) : (
              <NavListItem to="/pages/card/add-address">{t('apply.addAddress')}</NavListItem>
            )}
          </List>
        ) : null}
        <FieldGroup className="card-form">
          <PasswordField
            namespace="card"
            control={form.control}
            name="pin"
            label={t('apply.pin')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="new-password"
            required
          />
          <PasswordField
            namespace="card"
            control={form.control}
            name="pinConfirm"
            label={t('apply.pinConfirm')}
            inputMode="numeric"
            maxLength={6}
            autoComplete="new-password"
            required
          />
        </FieldGroup>
        <p className="card-fine-print">{t('apply.pinNote')}</p>
        {failure ? <GateNotice message={failure.message} fix={failure.fix} /> : <FormAlert message={null} />}
        <div className="card-actions">
          <Button
            type="submit"
            color="primary"
            block
            loading={apply.isPending}
            disabled={!verdict.allowed || apply.isPending || (type === 'physical' && !address)}
          >
            {t('apply.submit', { fee: formatUsd(payable, locale) })}
          </Button>
        </div>
        {!coupon ? (
          <WechatPayButton
            form={form}
            productId={productId}
            addressId={address?.id ?? null}
            disabled={!verdict.allowed || apply.isPending || (type === 'physical' && !address)}
          />
        ) : null}
      </form>
    </main>
  );
}
