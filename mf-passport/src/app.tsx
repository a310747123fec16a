import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame, withFrameTexts } from '@cardwallet/shared/ui';
import { PASSPORT_NAMESPACE, loadPassportCatalogue } from './i18n';
import { routes } from './routes';
import './styles/passport.css';

const app: FeatureApp = {
  name: 'mf_passport',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/passport/',
  routes,
  // Its texts in the reader's language only (one chunk each, with antd-mobile's of that language).
  i18n: { namespace: PASSPORT_NAMESPACE, load: withFrameTexts(loadPassportCatalogue) },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: PASSPORT_NAMESPACE, stateClassName: 'passport-error-state' }),
};

export default app;
