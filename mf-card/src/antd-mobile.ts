import { ConfigProvider, setDefaultConfig, unstableSetRender } from 'antd-mobile';
import enUS from 'antd-mobile/es/locales/en-US';
import zhHK from 'antd-mobile/es/locales/zh-HK';
import arSA from 'antd-mobile/es/locales/ar-SA';
import trTR from 'antd-mobile/es/locales/tr-TR';
import { createAntdMobileProvider } from '@cardwallet/shared/ui';

/** This app's own antd-mobile copy: React 19 shim + locale (see shared/src/ui/antd-mobile.tsx). */
export const AntdMobileProvider = createAntdMobileProvider({
  ConfigProvider,
  setDefaultConfig,
  unstableSetRender,
  locales: { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arSA, 'tr-TR': trTR },
});
