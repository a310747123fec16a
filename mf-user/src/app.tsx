import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame } from '@cardwallet/shared/ui';
import { USER_NAMESPACE, userResources } from './i18n';
import { routes } from './routes';
import './styles/user.css';

const app: FeatureApp = {
  name: 'mf_user',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/user/',
  routes,
  i18n: { namespace: USER_NAMESPACE, resources: userResources },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: USER_NAMESPACE, stateClassName: 'user-error-state' }),
};

export default app;
