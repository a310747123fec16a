import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame, withFrameTexts } from '@cardwallet/shared/ui';
import { CARD_NAMESPACE, loadCardCatalogue } from './i18n';
import { routes } from './routes';
import './styles/card.css';

const app: FeatureApp = {
  name: 'mf_card',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/card/',
  routes,
  // Its texts in the reader's language only (one chunk each, with antd-mobile's of that language).
  i18n: { namespace: CARD_NAMESPACE, load: withFrameTexts(loadCardCatalogue) },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: CARD_NAMESPACE, stateClassName: 'card-error-state' }),
};

export default app;
