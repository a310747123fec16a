// The module every app provides and consumes as the `react-router` singleton (see router-contract.mjs).
// It imports react-router under another request (an alias set by remote-preset.mjs), so the share key
// does not capture this file's own import, and the bundler drops every export not listed here.
export {
  BrowserRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useSearchParams,
} from '@cardwallet/react-router-implementation';
