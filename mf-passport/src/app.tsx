import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame } from '@cardwallet/shared/ui';
import { PASSPORT_NAMESPACE, passportResources } from './i18n';
import { routes } from './routes';
import './styles/passport.css';

const app: FeatureApp = {
  name: 'mf_passport',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/passport/',
  routes,
  i18n: { namespace: PASSPORT_NAMESPACE, resources: passportResources },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: PASSPORT_NAMESPACE, stateClassName: 'passport-error-state' }),
};

export default app;
