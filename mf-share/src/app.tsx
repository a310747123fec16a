import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame, withFrameTexts } from '@cardwallet/shared/ui';
import { SHARE_NAMESPACE, loadShareCatalogue } from './i18n';
import { routes } from './routes';
import './styles/share.css';

const app: FeatureApp = {
  name: 'mf_share',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/share/',
  routes,
  // Its texts in the reader's language only (one chunk each, with antd-mobile's of that language).
  i18n: { namespace: SHARE_NAMESPACE, load: withFrameTexts(loadShareCatalogue) },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: SHARE_NAMESPACE, stateClassName: 'share-state' }),
};

export default app;
