import type { ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
// By package name: in a remote's bundle this is the shell's Module Federation singleton.
import { useHost } from '@cardwallet/shared';

/**
 * A page's own navigation bar (FeatureRoute navBar 'custom'): the shell's nav bar (theme.css
 * `.cw-nav-bar`, so it looks the same and mirrors in right-to-left) with room for a text or icon
 * button on the right. Not antd-mobile's NavBar: its back control is a click-only div that keyboards
 * and screen readers cannot use, and its CSS is not loaded unless the component is.
 */
export function CustomNavBar({ title, right }: { title: string; right?: ReactNode }) {
  const { t } = useTranslation('common');
  const { navigation } = useHost();
  return (
    <header className="cw-nav-bar">
      <div className="cw-nav-side">
        <button type="button" className="cw-back" aria-label={t('actions.back')} onClick={() => navigation.back()}>
          <LeftOutline aria-hidden />
        </button>
      </div>
      <h1 className="cw-nav-title">{title}</h1>
      <div className="cw-nav-side cw-nav-end">{right}</div>
    </header>
  );
}
