import { LeftOutline } from 'antd-mobile-icons';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';

/**
 * The page's own navigation bar (FeatureRoute navBar 'custom'), in antd-mobile NavBar's markup and
 * classes. Not NavBar itself: it wraps the left slot in an unnamed role="button" div and its back
 * control is a click-only div, which gives screen readers and keyboards nothing usable.
 */
export function CustomNavBar({ title, right }: { title: string; right?: React.ReactNode }) {
  const { t } = useTranslation('user');
  const { navigation } = useHost();
  return (
    <header className="adm-nav-bar user-nav-bar">
      <div className="adm-nav-bar-left">
        <button type="button" className="user-icon-button user-back" aria-label={t('common.back')} onClick={() => navigation.back()}>
          <LeftOutline aria-hidden className="user-back-arrow" />
        </button>
      </div>
      <div className="adm-nav-bar-title">
        <h1 className="user-nav-title">{title}</h1>
      </div>
      <div className="adm-nav-bar-right">{right}</div>
    </header>
  );
}
