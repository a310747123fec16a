import { Suspense, lazy, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { LeftOutline } from 'antd-mobile-icons';
import './page-frame.css';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost, type NavBarMode } from '@cardwallet/shared';
import { HOME_PATH, isTabPath } from '../routing/route-table';
import { afterFirstScreen } from '../services/first-screen';
import { refetchActiveQueries } from '../services/query-layer';
import { LoginRequiredView } from './status-views';

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
        <PullToRefreshFrame defer={pathname === '/' || pathname.replace(/\/+$/, '') === HOME_PATH}>
          {children}
        </PullToRefreshFrame>
      ) : (
        children
      )}
    </div>
  );
}

// antd-mobile's PullToRefresh brings react-spring and use-gesture (~20 KiB gzip): its own chunk,
// which the first screen of the home page does not wait for (issue 24).
const loadPullToRefresh = () =>
  import(/* webpackChunkName: "pull-to-refresh" */ 'antd-mobile/es/components/pull-to-refresh');
const PullToRefresh = lazy(loadPullToRefresh);

/** How long after the home page's first screen the pull-to-refresh control loads at the latest. */
export const PULL_TO_REFRESH_MAX_DELAY_MS = 1_000;

/**
 * The page is rendered once, into a container of its own (a portal), and that container is moved
 * under the pull-to-refresh control when the control's chunk has arrived — so the page never
 * remounts and shows at once. Home: the chunk loads after the first screen (when idle); other
 * pages: at once, beside their own chunk.
 */
function PullToRefreshFrame({ defer, children }: { defer: boolean; children: ReactNode }) {
  const [container] = useState(() => {
    const element = document.createElement('div');
    element.className = 'cw-pull-to-refresh-body';
    return element;
  });
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    const load = () => {
      loadPullToRefresh().then(
        () => live && setReady(true),
        () => undefined, // stays a plain page; the next page asks again
      );
    };
    const cancel = defer ? afterFirstScreen(load, PULL_TO_REFRESH_MAX_DELAY_MS) : (load(), () => {});
    return () => {
      live = false;
      cancel();
    };
  }, [defer]);
  const slot = <PortalSlot container={container} />;
  return (
    <div className="cw-pull-to-refresh">
      {createPortal(children, container)}
      {ready ? (
        <Suspense fallback={slot}>
          <PullToRefresh onRefresh={refetchActiveQueries}>{slot}</PullToRefresh>
        </Suspense>
      ) : (
        slot
      )}
    </div>
  );
}

/** Where the page's container sits in the document (moved, not re-rendered, when the control arrives). */
function PortalSlot({ container }: { container: HTMLElement }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.appendChild(container);
  }, [container]);
  return <div ref={ref} className="cw-pull-to-refresh-slot" />;
}
