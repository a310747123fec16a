import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';

/**
 * The page's own navigation bar (route navBar 'custom') in antd-mobile NavBar's classes, with a
 * real back button (NavBar's is a click-only div) and room for an icon button on the right.
 */
export function CustomNavBar({ title, right }: { title: string; right?: ReactNode }) {
  const { t } = useTranslation('wallet');
  const { navigation } = useHost();
  return (
    <header className="adm-nav-bar wallet-nav-bar">
      <div className="adm-nav-bar-left">
        <button type="button" className="wallet-icon-button" aria-label={t('common.back')} onClick={() => navigation.back()}>
          <LeftOutline aria-hidden className="cw-mirror" />
        </button>
      </div>
      <div className="adm-nav-bar-title">
        <h1 className="wallet-nav-title">{title}</h1>
      </div>
      <div className="adm-nav-bar-right">{right}</div>
    </header>
  );
}
