import { lazy, Suspense, useEffect, useState } from 'react';
import { APP_VERSION_CODE, useHost } from '@cardwallet/shared';
import type { AppVersion } from '@cardwallet/shared/schemas';
import { watchAppVersion } from './app-version-watch';

// The popup's own chunk (with antd-mobile's Button) loads only when there is an upgrade to offer.
const UpgradePopup = lazy(() => import(/* webpackChunkName: "upgrade-popup" */ './upgrade-popup'));

/** The app-upgrade check (app-version-watch.ts) and, when a newer build is deployed, its popup. */
export function DeferredUpgradePopup() {
  const host = useHost();
  const [version, setVersion] = useState<AppVersion | null>(null);
  useEffect(
    () =>
      watchAppVersion({
        fetchVersion: () =>
          host.http.get<AppVersion>('app/version', { versionCode: APP_VERSION_CODE }, { prompt: false, login: 'none' }),
        onVersion: setVersion,
      }),
    [host],
  );
  if (!version?.upgradeAvailable) return null;
  return (
    <Suspense fallback={null}>
      {/* A newer release than the one put off is offered again. */}
      <UpgradePopup key={version.latestVersionCode} version={version} />
    </Suspense>
  );
}
