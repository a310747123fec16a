import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../layout/page-frame';
import { NotFoundView } from '../layout/status-views';
import { FeaturePage } from './feature-page';
import { RoutePage } from './route-page';
import { ERROR_PATH, resolveRoute } from './route-table';
import { shellRoute } from './shell-routes';

export function PageResolver() {
  const { pathname } = useLocation();
  const { t } = useTranslation('shell');
  const resolved = resolveRoute(pathname);
  if (resolved.kind === 'unknown') return <Navigate to={ERROR_PATH} replace />;
  if (resolved.owner === 'shell') {
    const route = shellRoute(resolved.group, resolved.page);
    if (!route) {
      return (
        <PageFrame title={t('page.notFoundTitle')} navBar="default" auth={false}>
          <NotFoundView />
        </PageFrame>
      );
    }
    // The home page's signed-out first screen calls no API: no query layer on its way (its
    // signed-in part brings its own, pages/home/signed-in-home.tsx).
    const home = resolved.group === 'index' && resolved.page === 'index';
    return <RoutePage key={pathname} route={route} namespace="shell" queries={!home} />;
  }
  return <FeaturePage key={`${resolved.owner}/${resolved.page}`} owner={resolved.owner} page={resolved.page} />;
}
