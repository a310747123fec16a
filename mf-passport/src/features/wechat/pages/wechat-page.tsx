import { useEffect, useRef, useState } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import type { LoginMpWxResult } from '@cardwallet/shared/schemas';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { PageHeading } from '../../../components/page-heading';
import { leaveLogin } from '../../login/components/login-form';
import { useLoginMpWx } from '../api/login-mp-wx';
import { WechatBindMobileForm } from '../components/wechat-bind-mobile-form';
import '../wechat.css';
import { AppLink } from '@cardwallet/shared/ui';

/**
 * Where WeChat's authorisation page comes back (`?code=…&state=…`): a bound WeChat signs in at
 * once; otherwise the customer proves a mobile to bind it to (spec §7 passport/loginMpWxMobile).
 */
export default function WechatPage() {
  const { t } = useTranslation('passport');
  const host = useHost();
  const login = useLoginMpWx();
  const [result, setResult] = useState<LoginMpWxResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);
  const params = new URLSearchParams(window.location.search);
  const code = params.get('code');
  const state = params.get('state') ?? undefined;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!code) {
      setError(t('wechat.denied'));
      return;
    }
    // The code is single use: take it out of the address so a reload does not replay it.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    login
      .mutateAsync({ code, source: 'web', ...(state ? { state } : {}) })
      .then((r) => {
        if (r.status === 'signed_in') {
          host.session.signIn({ token: r.token ?? '', userId: r.userId ?? '' });
          leaveLogin(host);
        } else setResult(r);
      })
      .catch((e: unknown) => setError(apiErrorMessage(e, t)));
    // Once per visit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className="passport-page">
      <PageHeading
        title={t('wechat.heading')}
        subtitle={result ? t('wechat.bindSubheading', { name: result.nickname ?? 'WeChat' }) : undefined}
      />
      {error ? (
        <>
          <FormAlert message={error} />
          <AppLink className="passport-link" href="/pages/passport/login">
            {t('wechat.backToLogin')}
          </AppLink>
        </>
      ) : result?.ticket ? (
        <WechatBindMobileForm
          ticket={result.ticket}
          onSignedIn={(r) => {
            host.session.signIn({ token: r.token, userId: r.userId });
            host.toast.show(t(r.created ? 'wechat.created' : 'wechat.bound'), { icon: 'success' });
            leaveLogin(host);
          }}
        />
      ) : (
        <div role="status" aria-live="polite" className="passport-wechat__loading">
          <span className="passport-visually-hidden">{t('wechat.signingIn')}</span>
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
          <Button block disabled loading>
            {t('wechat.signingIn')}
          </Button>
        </div>
      )}
    </main>
  );
}
