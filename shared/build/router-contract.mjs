// What the host's router singleton offers the feature apps (contract 2, Module Federation share key
// `react-router`). react-router 7 shared whole is 58 KiB gzip on every page (a shared package is not
// tree-shaken: nobody knows what a separately released remote will import), most of it the data
// router, server rendering and cookie / session helpers no page here runs. Sharing this list instead
// — the declarative router the shell mounts and the hooks pages read — is 16 KiB, and what a remote
// may import is written down: eslint.config.mjs allows only these names from 'react-router', and a
// remote built against contract 1 (the whole package) is refused by the release gates.
// Navigation from a feature app goes through the host's `navigation` service, not the router.

/** The names `shared/build/router-facade.mjs` re-exports, in that file's order. */
export const ROUTER_EXPORTS = [
  'BrowserRouter',
  'Navigate',
  'Outlet',
  'Route',
  'Routes',
  'useLocation',
  'useNavigate',
  'useSearchParams',
];

/** The module provided and consumed as `react-router` (shared/package.json exports it). */
export const ROUTER_FACADE = '@cardwallet/shared/router-facade';

/** The request the facade reads react-router itself through (an alias: not the share key). */
export const ROUTER_IMPLEMENTATION = '@cardwallet/react-router-implementation';
