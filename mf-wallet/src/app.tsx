import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { createFeatureAppFrame, withFrameTexts } from '@cardwallet/shared/ui';
import { WALLET_NAMESPACE, loadWalletCatalogue } from './i18n';
import { routes } from './routes';
import './styles/wallet.css';

const app: FeatureApp = {
  name: 'mf_wallet',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/wallet/',
  routes,
  // Its texts in the reader's language only (one chunk each, with antd-mobile's of that language).
  i18n: { namespace: WALLET_NAMESPACE, load: withFrameTexts(loadWalletCatalogue) },
  // The shared frame: this app's antd-mobile copy (React 19 shim, locale), the query cache, the
  // namespace for the shared page states, and a boundary for API errors thrown while rendering.
  Provider: createFeatureAppFrame({ namespace: WALLET_NAMESPACE, stateClassName: 'wallet-state' }),
};

export default app;
