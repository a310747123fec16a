import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { GateNotice } from '../../../components/gate-notice';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useCard } from '../api/get-card';
import { useEligibility } from '../api/get-eligibility';
import { useProducts } from '../api/get-products';
import { MoveForm } from './move-form';

/** recharge / withdraw: without ?cardId the customer picks a card first (select-card). */
export function MovePage({ kind }: { kind: 'recharge' | 'withdraw' }) {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cardId = useQueryParam('cardId');
  useEffect(() => {
    if (!cardId) navigation.redirect(`/pages/card/select-card?for=${kind}`);
  }, [cardId, kind, navigation]);
  const card = useCard(cardId);
  const products = useProducts();
  const eligibility = useEligibility();
  if (!cardId || card.isPending || products.isPending || eligibility.isPending)
    return <PageSkeleton label={t('common.loading')} />;
  if (card.isError) return <LoadError error={card.error} retry={() => void card.refetch()} />;
  if (products.isError) return <LoadError error={products.error} retry={() => void products.refetch()} />;
  if (eligibility.isError) return <LoadError error={eligibility.error} retry={() => void eligibility.refetch()} />;
  if (card.data.status === 'inactivated') {
    return (
      <main className="card-page">
        <GateNotice
          message={t('errors.card_not_active', { ns: 'common' })}
          fix={`/pages/card/card-activation?cardId=${encodeURIComponent(cardId)}`}
        />
      </main>
    );
  }
  if (kind === 'recharge' && eligibility.data.kycLevel < 1) {
    return (
      <main className="card-page">
        <GateNotice message={t('errors.kyc1_required', { ns: 'common' })} fix="/pages/user/kyc-lv1" />
      </main>
    );
  }
  const product = products.data.products.find((p) => p.id === card.data.productId)!;
  return (
    <MoveForm
      kind={kind}
      card={card.data}
      product={product}
      fees={products.data}
      funding={eligibility.data.cardFunding}
    />
  );
}
