import { useCallback, useEffect, useState } from 'react';
import { Button, DotLoading, ErrorBlock } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { KYC_STATUS_KEY, useKycStatus } from '../api/kyc-status';
import { useKyc2AccessToken } from '../api/kyc2-access-token';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useRedirectParam } from '../lib/redirect';
import '../kyc.css';

/**
 * kyc-lv2-sumsub (no nav bar): runs the verification provider's own flow in a frame with a
 * short-lived token from our API, in the customer's language. The frame's events only move the
 * customer along (submitted → wait; token expired → a fresh token); the decision reaches our API
 * through the provider's signed webhook and this page learns it by asking our API.
 */
export default function KycLv2SumsubPage() {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  const locale = useHost().i18n.useLanguage();
  const { suffix } = useRedirectParam();
  const token = useKyc2AccessToken();
  const status = useKycStatus();
  const queryClient = useQueryClient();
  const [submitted, setSubmitted] = useState(false);
  const requestToken = token.mutate;
  const start = useCallback(() => requestToken(locale), [requestToken, locale]);

  useEffect(() => {
    start();
  }, [start]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { source?: string; type?: string } | null;
      if (!data || data.source !== 'sandbox-kyc') return;
      if (data.type === 'idCheck.onApplicantSubmitted') {
        setSubmitted(true);
        void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY });
      } else if (data.type === 'idCheck.onTokenExpired') {
        start();
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, start]);

  // While the review runs, ask our API (it learns the result from the webhook).
  useEffect(() => {
    if (!submitted) return;
    const timer = window.setInterval(() => void queryClient.invalidateQueries({ queryKey: KYC_STATUS_KEY }), 2000);
    return () => window.clearInterval(timer);
  }, [submitted, queryClient]);
  const state = status.data?.level2.state;
  useEffect(() => {
    if (state === 'verified') navigation.redirect(`/pages/user/kyc-lv2-success${suffix}`);
    else if (state === 'failed') navigation.redirect('/pages/user/kyc-lv2-fail');
  }, [state, navigation, suffix]);

  return (
    <main className="kyc-sumsub">
      <header className="kyc-sumsub-bar">
        <h1>{t('kyc.title.lv2Sumsub')}</h1>
        <Button size="small" fill="outline" onClick={() => navigation.redirect('/pages/user/kyc')}>
          {t('kyc.sumsub.close')}
        </Button>
      </header>
      {token.isError && (
        <div className="kyc-page">
          <ErrorBlock
            status="default"
            title={t('kyc.title.lv2Sumsub')}
            description={<span role="alert">{apiErrorMessage(token.error, t)}</span>}
          />
          <div className="kyc-actions">
            <Button block fill="outline" onClick={start}>
              {t('kyc.common.retry')}
            </Button>
            <Button block fill="none" onClick={() => navigation.redirect('/pages/user/kyc')}>
              {t('kyc.common.back')}
            </Button>
          </div>
        </div>
      )}
      {token.isPending && (
        <p className="kyc-pending" role="status">
          <DotLoading /> {t('kyc.sumsub.starting')}
        </p>
      )}
      {submitted && (
        <p className="kyc-pending" role="status">
          <DotLoading /> {t('kyc.sumsub.waiting')}
        </p>
      )}
      {token.data && (
        <iframe
          key={token.data.token}
          className="kyc-sumsub-frame"
          title={t('kyc.sumsub.frameTitle')}
          src={token.data.flowUrl}
          allow="camera"
        />
      )}
    </main>
  );
}
