import { CONTRACT_VERSION, type FeatureApp } from '@cardwallet/shared';
import { AntdMobileProvider } from './antd-mobile';
import { routes } from './routes';
import './styles/user.css';
import enUS from './i18n/en-US.json';
import zhHK from './i18n/zh-HK.json';
import arAE from './i18n/ar-AE.json';
import trTR from './i18n/tr-TR.json';

const app: FeatureApp = {
  name: 'mf_user',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/user/',
  routes,
  i18n: { namespace: 'user', resources: { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arAE, 'tr-TR': trTR } },
  Provider: AntdMobileProvider,
};

export default app;
