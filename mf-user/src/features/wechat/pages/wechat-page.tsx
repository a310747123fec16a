import { useState } from 'react';
import { Button, List, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useProfile } from '../../account/api/get-profile';
import { StepUpStep } from '../../paypass/components/step-up-step';
import { useWechat } from '../api/get-wechat';
import { useUnbindWechat } from '../api/unbind-wechat';

/** The bound WeChat (issue 27): shown, and removable after a fresh proof (step-up 'wechat_unbind'). */
export default function WechatPage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  const wechat = useWechat();
  const profile = useProfile();
  const unbind = useUnbindWechat();
  const [proving, setProving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (wechat.isPending || profile.isPending)
    return (
      <main className="user-page" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton.Paragraph lineCount={4} animated />
      </main>
    );
  if (wechat.isError || profile.isError)
    return (
      <main className="user-page user-error-state">
        <p role="alert">{apiErrorMessage(wechat.error ?? profile.error, t)}</p>
        <button type="button" className="user-text-button" onClick={() => void wechat.refetch()}>
          {t('common.retry')}
        </button>
      </main>
    );
  const w = wechat.data;
  if (!w.bound)
    return (
      <main className="user-page">
        <p className="user-hint">{t('wechat.none')}</p>
      </main>
    );

  const remove = async () => {
    setError(null);
    try {
      await unbind.mutateAsync();
      host.toast.show(t('wechat.removed'), { icon: 'success' });
      setProving(false);
    } catch (e) {
      setProving(false);
      setError(apiErrorMessage(e, t));
    }
  };
  const accounts = [profile.data.email, profile.data.mobile].filter((a): a is string => Boolean(a));
  return (
    <main className="user-page">
      <List header={t('wechat.bound')}>
        <List.Item extra={<span className="user-value">{w.nickname ?? t('wechat.title')}</span>}>
          {t('wechat.account')}
        </List.Item>
        <List.Item
          extra={
            <span className="user-value cw-ltr">{w.boundAt ? new Date(w.boundAt).toLocaleDateString(locale) : ''}</span>
          }
        >
          {t('wechat.since')}
        </List.Item>
      </List>
      {proving ? (
        <StepUpStep purpose="wechat_unbind" accounts={accounts} onDone={() => void remove()} />
      ) : (
        <div className="user-actions">
          {error ? <p role="alert">{error}</p> : null}
          <Button
            block
            color="danger"
            fill="outline"
            loading={unbind.isPending}
            disabled={unbind.isPending}
            onClick={() => setProving(true)}
          >
            {t('wechat.remove')}
          </Button>
          <p className="user-hint">{t('wechat.removeHint')}</p>
        </div>
      )}
    </main>
  );
}
