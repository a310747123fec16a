import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useTranslation } from 'react-i18next';
import type { AppVersion } from '@cardwallet/shared/schemas';

/**
 * The app-upgrade popup (spec §2: a transparent page fading in over 200 ms), shown when the API
 * says a newer front end is deployed (deferred-upgrade-popup.tsx). "Update now" reloads, which
 * fetches the new build (index.html and remote entries are never cached). Below the minimum
 * version there is no "Later".
 */
export default function UpgradePopup({ version }: { version: AppVersion }) {
  const { t } = useTranslation('shell');
  const [postponed, setPostponed] = useState(false);
  if (!version.upgradeAvailable || (postponed && !version.upgradeRequired)) return null;
  return (
    <div className="cw-upgrade cw-fade-in" role="dialog" aria-modal="true" aria-labelledby="cw-upgrade-title">
      <div className="cw-upgrade-card">
        <h2 id="cw-upgrade-title">{t('upgrade.title')}</h2>
        <p>{t(version.upgradeRequired ? 'upgrade.required' : 'upgrade.available')}</p>
        <Button block color="primary" onClick={() => window.location.reload()}>
          {t('upgrade.now')}
        </Button>
        {!version.upgradeRequired && (
          <Button block fill="none" onClick={() => setPostponed(true)}>
            {t('upgrade.later')}
          </Button>
        )}
      </div>
    </div>
  );
}
