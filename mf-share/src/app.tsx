import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { AntdMobileProvider } from './antd-mobile';
import { routes } from './routes';
import { SHARE_NAMESPACE, shareResources } from './i18n';
import './styles/share.css';

const app: FeatureApp = {
  name: 'mf_share',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/share/',
  routes,
  i18n: { namespace: SHARE_NAMESPACE, resources: shareResources },
  Provider: AntdMobileProvider,
};

export default app;
