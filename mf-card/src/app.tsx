import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame } from '@cardwallet/shared/ui';
import { CARD_NAMESPACE, cardResources } from './i18n';
import { routes } from './routes';
import './styles/card.css';

const app: FeatureApp = {
  name: 'mf_card',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/card/',
  routes,
  i18n: { namespace: CARD_NAMESPACE, resources: cardResources },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: CARD_NAMESPACE, stateClassName: 'card-error-state' }),
};

export default app;
