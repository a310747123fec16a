import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { KycStatus } from '@cardwallet/shared/schemas';
import { Kyc1DetailsForm } from '../components/kyc1-details-form';
import { StatusGate } from '../components/status-gate';
import { useRedirectParam } from '../lib/redirect';
import { useKyc1Draft } from '../store';
import '../kyc.css';

/** kyc-lv1-details: names, document number, date of birth and document photos. */
export default function KycLv1DetailsPage() {
  return <StatusGate>{(status) => <Details status={status} />}</StatusGate>;
}

function Details({ status }: { status: KycStatus }) {
  const { t } = useTranslation('user');
  const { navigation, toast } = useHost();
  const { redirect, suffix } = useRedirectParam();
  const draft = useKyc1Draft();
  const previous = status.level1.state === 'failed' ? status.level1.details : null;
  const country = draft.country ?? previous?.country ?? null;
  const documentType = draft.documentType ?? previous?.documentType ?? null;
  const verified = status.level1.state === 'verified';
  useEffect(() => {
    if (verified) navigation.redirect('/pages/user/kyc');
    else if (!country || !documentType) navigation.redirect(`/pages/user/kyc-lv1${suffix}`);
  }, [verified, country, documentType, navigation, suffix]);
  if (verified || !country || !documentType) return null;
  return (
    <main className="kyc-page">
      {previous && status.level1.reason && (
        <p className="kyc-alert kyc-pad" role="alert">
          {t('kyc.details.failedBefore', { reason: status.level1.reason })}
        </p>
      )}
      <Kyc1DetailsForm
        country={country}
        documentType={documentType}
        defaults={previous ?? undefined}
        onChangeDocument={() => navigation.navigate(`/pages/user/kyc-lv1${suffix}`)}
        onVerified={() => {
          draft.reset();
          toast.show(t('kyc.details.verified'), { icon: 'success' });
          navigation.redirect(redirect ?? '/pages/user/kyc');
        }}
      />
    </main>
  );
}
