import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useHost, type FeatureApp, type LiveEvent } from '@cardwallet/shared';
import { useShell } from '../shell-context';

type OverlayComponent = ComponentType<{ onIdle: () => void }>;
interface Loaded {
  Provider: ComponentType<{ children: ReactNode }>;
  Overlay: OverlayComponent;
}
const Passthrough = ({ children }: { children: ReactNode }) => <>{children}</>;

/** The card app's overlay module: its `three-ds` route module also exports `ThreeDsOverlay`. */
async function loadOverlay(load: () => Promise<FeatureApp>): Promise<Loaded | null> {
  const app = await load();
  const route = app.routes.find((r) => r.path === 'three-ds');
  if (!route) return null;
  const mod = (await route.load()) as unknown as { ThreeDsOverlay?: OverlayComponent };
  return mod.ThreeDsOverlay ? { Provider: app.Provider ?? Passthrough, Overlay: mod.ThreeDsOverlay } : null;
}

/**
 * 3-D Secure over any page (issue 23, docs/cards.md "3-D Secure in the app"). While a customer is
 * signed in the shell already listens to the live stream (the tab badge does); this listens too, and
 * only when a challenge arrives (`cards.threeds_challenge`) — or one is found waiting when the stream
 * (re)connects — does it load the card app's overlay, lazily, and show it over the current page. The
 * signed-out home page loads nothing more; a signed-in page without a challenge makes one small
 * GET per stream connection.
 */
export function ThreeDsOverlayHost() {
  const { live, session, http } = useHost();
  const { registry } = useShell();
  const { isLoggedIn } = session.useSession();
  // The challenge page shows the same sheet itself.
  const onChallengePage = useLocation().pathname.startsWith('/pages/card/three-ds');
  const [active, setActive] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);

  useEffect(() => {
    if (!isLoggedIn) {
      setActive(false);
      return;
    }
    let stopped = false;
    const onEvent = (event: LiveEvent) => {
      if (event.type === 'cards.threeds_challenge') setActive(true);
      else if (event.type === 'live.connected')
        http
          .get<{ data?: unknown[] }>('card/threeDs/pending', undefined, { prompt: false, login: 'none' })
          .then((d) => {
            if (!stopped && Array.isArray(d?.data) && d.data.length > 0) setActive(true);
          })
          .catch(() => undefined);
    };
    const unsubscribe = live?.subscribe(onEvent);
    return () => {
      stopped = true;
      unsubscribe?.();
    };
  }, [isLoggedIn, live, http]);

  useEffect(() => {
    if (!active || loaded) return;
    let current = true;
    loadOverlay(() => registry.load('mf_card')).then(
      (l) => current && setLoaded(l),
      // The card app is unavailable: the message centre still leads to the challenge.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [active, loaded, registry]);

  if (!active || !loaded || !isLoggedIn || onChallengePage) return null;
  const { Provider, Overlay } = loaded;
  return (
    <Provider>
      <Overlay onIdle={() => setActive(false)} />
    </Provider>
  );
}
