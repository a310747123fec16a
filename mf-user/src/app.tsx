import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame, withFrameTexts } from '@cardwallet/shared/ui';
import { USER_NAMESPACE, loadUserCatalogue } from './i18n';
import { routes } from './routes';
import './styles/user.css';

const app: FeatureApp = {
  name: 'mf_user',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/user/',
  routes,
  // Its texts in the reader's language only (one chunk each, with antd-mobile's of that language).
  i18n: { namespace: USER_NAMESPACE, load: withFrameTexts(loadUserCatalogue) },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: USER_NAMESPACE, stateClassName: 'user-error-state' }),
};

export default app;
