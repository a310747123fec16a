import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, UserCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { PAGE_LOADING_DELAY_MS, useHost } from '@cardwallet/shared';
import { HOME_PATH } from '../routing/route-table';
import './status-views.css';
import { FirstScreenMark } from '../services/first-screen';

/** Shown only when loading takes longer than 200 ms, so fast pages never flash a spinner. */
export function DelayedLoading() {
  const { t } = useTranslation('shell');
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), PAGE_LOADING_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return null;
  return (
    <div className="cw-status" role="status" aria-live="polite">
      {/* A CSS spinner: antd-mobile's SpinLoading animates through react-spring (~20 KiB gzip on
          every first screen, issue 24); this one looks the same (primary colour, 32 px). */}
      <span className="cw-spinner" aria-hidden />
      <span>{t('page.loading')}</span>
    </div>
  );
}

export function ErrorView({
  title,
  message,
  onRetry,
  extra,
}: {
  title: string;
  message: string;
  onRetry?: () => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('shell');
  const host = useHost();
  return (
    <div className="cw-status" role="alert" data-testid="error-view">
      <ExclamationCircleOutline fontSize={48} color="var(--adm-color-weak)" aria-hidden />
      <h2 className="cw-status-title">{title}</h2>
      <p className="cw-status-text">{message}</p>
      {onRetry && (
        <Button color="primary" onClick={onRetry}>
          {t('page.retry')}
        </Button>
      )}
      <Button fill="none" onClick={() => host.navigation.relaunch(HOME_PATH)}>
        {t('page.home')}
      </Button>
      {extra}
      {/* An error is a first screen too: idle-time work need not wait for a page that will not come. */}
      <FirstScreenMark />
    </div>
  );
}

export function NotFoundView() {
  const { t } = useTranslation('shell');
  return <ErrorView title={t('page.notFoundTitle')} message={t('page.notFound')} />;
}

export function LoginRequiredView() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const host = useHost();
  return (
    <div className="cw-status" data-testid="login-required">
      <UserCircleOutline fontSize={48} color="var(--adm-color-weak)" aria-hidden />
      <p className="cw-status-text">{t('login.required')}</p>
      <Button color="primary" block onClick={() => host.session.requireLogin({ mode: 'redirect' })}>
        {tc('actions.login')}
      </Button>
      <Button fill="outline" block onClick={() => host.navigation.navigate('/pages/passport/register')}>
        {tc('actions.register')}
      </Button>
      <FirstScreenMark />
    </div>
  );
}
