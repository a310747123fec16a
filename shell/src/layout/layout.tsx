import { lazy, Suspense } from 'react';
import { Badge } from 'antd-mobile';
import { AppOutline, BankcardOutline, BillOutline, UserOutline } from 'antd-mobile-icons';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { HOME_PATH, TAB_ROUTES, isTabPath } from '../routing/route-table';
import { LoadingMask, TimeoutPrompt } from '../services/ui';
import { DeferredUpgradePopup } from './deferred-upgrade-popup';

// 3-D Secure over any page (issue 23): its own small chunk, loaded only once someone is signed in.
const ThreeDsOverlayHost = lazy(() =>
  import(/* webpackChunkName: "three-ds-overlay" */ '../services/three-ds-overlay').then((m) => ({
    default: m.ThreeDsOverlayHost,
  })),
);
import { badgeText, type createTabBadgeService } from '../services/tab-badge';

const ICONS = { home: AppOutline, card: BankcardOutline, wallet: BillOutline, user: UserOutline } as const;

/** The four tabs as real links (keyboard + screen reader friendly); the Wallet badge comes from a stored count. */
function ShellTabBar({ badges }: { badges: ReturnType<typeof createTabBadgeService> }) {
  const { t } = useTranslation('shell');
  const host = useHost();
  const { pathname } = useLocation();
  const counts = badges.useCounts();
  const active = pathname === '/' ? HOME_PATH : pathname.replace(/\/+$/, '');
  return (
    <nav className="cw-tab-bar" aria-label={t('appName')}>
      <ul className="cw-tab-list">
        {TAB_ROUTES.map(({ tab, path }) => {
          const Icon = ICONS[tab];
          const text = badgeText(counts[tab]);
          const current = active === path;
          return (
            <li key={path}>
              <a
                href={path}
                className={current ? 'cw-tab cw-tab-active' : 'cw-tab'}
                aria-current={current ? 'page' : undefined}
                data-testid={`tab-${tab}`}
                onClick={(event) => {
                  event.preventDefault();
                  host.navigation.switchTab(path);
                }}
              >
                <Badge content={text ?? undefined}>
                  <Icon fontSize={24} aria-hidden />
                </Badge>
                <span>{t(`tabs.${tab}`)}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

export function Layout({ badges }: { badges: ReturnType<typeof createTabBadgeService> }) {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const tab = isTabPath(pathname);
  const signedIn = useHost().session.useSession().isLoggedIn;
  return (
    <>
      <div className={tab ? 'cw-with-tab-bar' : undefined}>
        <Outlet />
      </div>
      {tab && <ShellTabBar badges={badges} />}
      <LoadingMask label={t('page.loading')} />
      <TimeoutPrompt dismissLabel={t('http.dismiss')} />
      <DeferredUpgradePopup />
      {signedIn ? (
        <Suspense fallback={null}>
          <ThreeDsOverlayHost />
        </Suspense>
      ) : null}
    </>
  );
}
