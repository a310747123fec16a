import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost, type FeatureApp, type RemoteName } from '@cardwallet/shared';
import { PageFrame } from '../layout/page-frame';
import { DelayedLoading, NotFoundView } from '../layout/status-views';
import { useShell } from '../shell-context';
import { LoadErrorView, RoutePage, preloadPage } from './route-page';
import { preloadQueries } from '../services/query-layer';

type State = { status: 'loading' } | { status: 'ready'; app: FeatureApp } | { status: 'error'; error: unknown };

/** A page owned by a remote: loads the remote on first visit, then renders its route. */
export function FeaturePage({ owner, page }: { owner: RemoteName; page: string }) {
  const { registry } = useShell();
  const { session } = useHost();
  const { t } = useTranslation('shell');
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const pageRef = useRef(page);
  pageRef.current = page;

  useEffect(() => {
    let live = true;
    // The page will need the query layer: fetch it beside the remote's files, not after them.
    preloadQueries();
    setState({ status: 'loading' });
    // The page's chunk loads beside the app's texts, not after them (the page of this first load),
    // unless the page will not render: signed out on a page that needs a session (PageFrame asks to log in).
    const preload = (app: FeatureApp) => {
      const route = app.routes.find((r) => r.path === pageRef.current);
      if (route && (route.auth === false || session.get().isLoggedIn)) preloadPage(route);
    };
    registry.load(owner, preload).then(
      // A transition: the remote's frame and page render in slices that yield to the browser
      // (issue 24, TBT) while the loading view stays on screen until they commit.
      (app) => {
        if (live) startTransition(() => setState({ status: 'ready', app }));
      },
      (error: unknown) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
  }, [owner, attempt, registry, session]);

  if (state.status === 'loading') {
    return (
      <PageFrame title="" navBar="none" auth={false}>
        <DelayedLoading />
      </PageFrame>
    );
  }
  if (state.status === 'error') {
    return (
      <PageFrame title={t('page.errorTitle')} navBar="default" auth={false}>
        <LoadErrorView
          owner={owner}
          error={state.error}
          onRetry={() => {
            void registry.retry(owner).then(() => setAttempt((n) => n + 1));
          }}
        />
      </PageFrame>
    );
  }
  const route = state.app.routes.find((r) => r.path === page);
  if (!route) {
    return (
      <PageFrame title={t('page.notFoundTitle')} navBar="default" auth={false}>
        <NotFoundView />
      </PageFrame>
    );
  }
  return (
    <RoutePage
      key={`${owner}/${page}`}
      route={route}
      namespace={state.app.i18n.namespace}
      Provider={state.app.Provider}
      owner={owner}
    />
  );
}
