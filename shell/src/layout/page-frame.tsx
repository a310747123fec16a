import { useEffect, type ReactNode } from 'react';
import { LeftOutline } from 'antd-mobile-icons';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost, type NavBarMode } from '@cardwallet/shared';
import { isTabPath } from '../routing/route-table';
import { refetchActiveQueries } from '../services/query-layer';
import { LoginRequiredView } from './status-views';
import { PullToRefresh } from './pull-to-refresh';

export interface PageFrameProps {
  title: string;
  navBar: NavBarMode;
  auth: boolean;
  /** The yellow pull-to-refresh of spec §2: refetches the page's active queries. */
  pullToRefresh?: boolean;
  children: ReactNode;
}

/** Nav bar, login gate and slide-in of one screen. */
export function PageFrame({ title, navBar, auth, pullToRefresh = false, children }: PageFrameProps) {
  const host = useHost();
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const session = host.session.useSession();
  const tab = isTabPath(pathname);
  useEffect(() => {
    document.title = title ? `${title} · ${t('appName')}` : t('appName');
  }, [title, t]);
  return (
    <div className={tab ? 'cw-page' : 'cw-page cw-page-enter'} data-testid="page">
      {navBar === 'default' && (
        <header className="cw-nav-bar">
          <div className="cw-nav-side">
            {!tab && (
              <button
                type="button"
                className="cw-back"
                aria-label={t('page.back')}
                onClick={() => host.navigation.back()}
              >
                <LeftOutline />
              </button>
            )}
          </div>
          <h1 className="cw-nav-title">{title}</h1>
          <div className="cw-nav-side" />
        </header>
      )}
      {auth && !session.isLoggedIn ? (
        <LoginRequiredView />
      ) : pullToRefresh ? (
        <PullToRefresh onRefresh={refetchActiveQueries}>{children}</PullToRefresh>
      ) : (
        children
      )}
    </div>
  );
}
