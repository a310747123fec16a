import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import type { RouterLike } from '../services/navigation';

/**
 * The shell's services (navigation, session, 401 prompt) act outside React; the router lives inside
 * it (`<BrowserRouter>`: the declarative router, a sixth of the data router's bytes). The bridge,
 * rendered inside the router, hands them its `navigate`; a navigation asked before the router is
 * mounted waits for it. The location is the browser's: BrowserRouter's history writes it first.
 */
type NavigateFunction = ReturnType<typeof useNavigate>;

export function createRouterHandle(): { router: RouterLike; RouterBridge: () => null } {
  let navigate: NavigateFunction | null = null;
  const waiting: Array<(go: NavigateFunction) => void> = [];
  const router: RouterLike = {
    navigate(to, options) {
      const run = (go: NavigateFunction) => (typeof to === 'number' ? go(to) : go(to, options));
      if (navigate) void run(navigate);
      else waiting.push((go) => void run(go));
    },
    get state() {
      const { pathname, search, hash } = window.location;
      return { location: { pathname, search, hash } };
    },
  };
  function RouterBridge() {
    const go = useNavigate();
    // A passive effect, not a layout one: the router subscribes to its history in its own layout
    // effect, which runs after its children's — a navigation flushed earlier would change the URL
    // without the router noticing.
    useEffect(() => {
      navigate = go;
      for (const run of waiting.splice(0)) run(go);
      return () => {
        if (navigate === go) navigate = null;
      };
    }, [go]);
    return null;
  }
  return { router, RouterBridge };
}
