// Deep imports, never the 'antd-mobile' barrel: the barrel has side effects, so every component any
// page used became a dependency of every page (one vendor chunk for all); the build's transformImport
// (shared/build/remote-preset.mjs) rewrites the pages' `import { Button } from 'antd-mobile'` likewise.
import 'antd-mobile/es/global';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
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
