import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame } from '@cardwallet/shared/ui';
import { SHARE_NAMESPACE, shareResources } from './i18n';
import { routes } from './routes';
import './styles/share.css';

const app: FeatureApp = {
  name: 'mf_share',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/share/',
  routes,
  i18n: { namespace: SHARE_NAMESPACE, resources: shareResources },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: SHARE_NAMESPACE, stateClassName: 'share-state' }),
};

export default app;
