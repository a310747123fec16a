import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { APP_VERSION_CODE, CONTRACT_VERSION, isApiError, useHost } from '@cardwallet/shared';
import { useShell } from '../../shell-context';
import { useToolsTranslation } from './i18n';
import { SandboxPurchaseForm } from './sandbox-purchase-form';
import { SandboxDisputeDesk } from './sandbox-dispute-desk';
import './tools.css';

/**
 * Diagnostics for support (spec §2 index/test): versions of the shell and of each feature app, API
 * address, locale, session state (never the token), and — in the sandbox only — test tools.
 */
export default function TestPage() {
  const { t, i18n } = useToolsTranslation();
  const host = useHost();
  const { registry } = useShell();
  const session = host.session.useSession();
  const health = useQuery({
    queryKey: ['shell', 'health'],
    queryFn: () =>
      host.http.get<{ status: string; database: string; sandbox: boolean }>('system/health', undefined, {
        prompt: false,
        login: 'none',
      }),
    retry: false,
  });
  const [depositNote, setDepositNote] = useState('');
  const [depositing, setDepositing] = useState(false);
  const until = session.expiresAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(session.expiresAt)
    : '';

  const simulateDeposit = async () => {
    setDepositing(true);
    setDepositNote('');
    try {
      // ERC20: on the local EVM dev chain (npm start's default) a real transfer from the faucet account.
      const { address } = await host.http.get<{ address: string }>('wallet/rechargeAddress', {
        currency: 'USDT',
        network: 'ERC20',
      });
      const deposit = await host.http.post<{ requiredConfirmations: number }>('dev/chain/deposit', {
        address,
        currency: 'USDT',
        network: 'ERC20',
        amount: '100',
      });
      setDepositNote(t('depositDone', { count: deposit.requiredConfirmations }));
    } catch (error) {
      setDepositNote(isApiError(error) ? error.message : String(error));
    } finally {
      setDepositing(false);
    }
  };

  return (
    <>
      <section className="cw-diagnostics" aria-labelledby="diag-title">
        <h2 id="diag-title">{t('diagnostics')}</h2>
        <p>{t('diagnosticsHint')}</p>
        <dl>
          <dt>{t('shellVersion')}</dt>
          <dd className="cw-ltr">{APP_VERSION_CODE}</dd>
          <dt>{t('contract')}</dt>
          <dd className="cw-ltr">{CONTRACT_VERSION}</dd>
          <dt>{t('apiBase')}</dt>
          <dd className="cw-ltr">{host.apiBaseUrl()}</dd>
          <dt>{t('apiHealth')}</dt>
          <dd>
            {health.isPending
              ? '…'
              : health.data
                ? t('healthOk', { database: health.data.database })
                : t('healthFailed')}
          </dd>
          <dt>{t('language')}</dt>
          <dd className="cw-ltr">{i18n.language}</dd>
          <dt>{t('direction')}</dt>
          <dd className="cw-ltr">{document.documentElement.dir || 'ltr'}</dd>
          <dt>{t('session')}</dt>
          <dd>{session.isLoggedIn ? t('signedIn', { userId: session.userId, until }) : t('signedOut')}</dd>
          <dt>{t('online')}</dt>
          <dd>{navigator.onLine ? t('onlineYes') : t('onlineNo')}</dd>
          <dt>{t('userAgent')}</dt>
          <dd className="cw-ltr">{navigator.userAgent}</dd>
        </dl>
      </section>
      <section className="cw-diagnostics" aria-labelledby="diag-apps">
        <h2 id="diag-apps">{t('apps')}</h2>
        <dl>
          {registry.status().map((app) => (
            <div key={app.name} className="cw-diagnostics-row">
              <dt className="cw-ltr">{app.name}</dt>
              <dd className="cw-ltr" data-testid={`app-release-${app.name}`}>
                {app.state === 'loaded'
                  ? t('appLoaded', {
                      version: app.releaseId ?? app.version ?? '?',
                      channel: t(app.channel === 'canary' ? 'channelCanary' : 'channelStable'),
                      contract: app.contractVersion,
                    })
                  : app.state === 'failed'
                    ? t('appFailed')
                    : app.version
                      ? t('appServed', {
                          version: app.releaseId ?? app.version,
                          channel: t(app.channel === 'canary' ? 'channelCanary' : 'channelStable'),
                        })
                      : t('appNotLoaded')}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      {health.data?.sandbox && (
        <section className="cw-diagnostics" aria-labelledby="diag-sandbox">
          <h2 id="diag-sandbox">{t('sandboxTools')}</h2>
          <p>{t('sandboxOnly')}</p>
          {session.isLoggedIn && (
            <Button
              block
              color="primary"
              loading={depositing}
              disabled={depositing}
              onClick={() => void simulateDeposit()}
            >
              {t('simulateDeposit')}
            </Button>
          )}
          {depositNote && <p role="status">{depositNote}</p>}
          {session.isLoggedIn && <SandboxPurchaseForm />}
          {session.isLoggedIn && <SandboxDisputeDesk />}
          <Button
            block
            fill="outline"
            color="primary"
            onClick={() => void window.open(`${host.apiBaseUrl()}dev/outbox`, '_blank', 'noopener')}
          >
            {t('outbox')}
          </Button>
        </section>
      )}
    </>
  );
}
