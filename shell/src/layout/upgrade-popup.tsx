import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../services/query-client';
import { useTranslation } from 'react-i18next';
import { APP_VERSION_CODE, useHost } from '@cardwallet/shared';
import type { AppVersion } from '@cardwallet/shared/schemas';

/**
 * The app-upgrade popup (spec §2: a transparent page fading in over 200 ms). Asks the API whether
 * a newer front end is deployed; "Update now" reloads, which fetches the new build (index.html and
 * remote entries are never cached). Below the minimum version there is no "Later".
 */
/** Loaded lazily (deferred-upgrade-popup.tsx): brings its own Provider of the shell's query cache. */
export default function UpgradePopupWithQueries() {
  return (
    <QueryProvider>
      <UpgradePopup />
    </QueryProvider>
  );
}

export function UpgradePopup() {
  const { t } = useTranslation('shell');
  const host = useHost();
  const [postponed, setPostponed] = useState(false);
  const { data } = useQuery({
    queryKey: ['app', 'version', APP_VERSION_CODE],
    queryFn: () =>
      host.http.get<AppVersion>('app/version', { versionCode: APP_VERSION_CODE }, { prompt: false, login: 'none' }),
    staleTime: 30 * 60 * 1000,
    retry: false,
  });
  if (!data?.upgradeAvailable || (postponed && !data.upgradeRequired)) return null;
  return (
    <div className="cw-upgrade cw-fade-in" role="dialog" aria-modal="true" aria-labelledby="cw-upgrade-title">
      <div className="cw-upgrade-card">
        <h2 id="cw-upgrade-title">{t('upgrade.title')}</h2>
        <p>{t(data.upgradeRequired ? 'upgrade.required' : 'upgrade.available')}</p>
        <Button block color="primary" onClick={() => window.location.reload()}>
          {t('upgrade.now')}
        </Button>
        {!data.upgradeRequired && (
          <Button block fill="none" onClick={() => setPostponed(true)}>
            {t('upgrade.later')}
          </Button>
        )}
      </div>
    </div>
  );
}
