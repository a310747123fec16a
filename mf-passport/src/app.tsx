import type { ReactNode } from 'react';
import { CONTRACT_VERSION, useHost, type FeatureApp } from '@cardwallet/shared';
import { createAntdMobileProvider } from '@cardwallet/shared/ui';
// Deep imports, never the 'antd-mobile' barrel: the barrel has side effects, so every component any
// page used became a dependency of every page (one vendor chunk for all); the build's transformImport
// (shared/build/remote-preset.mjs) rewrites the pages' `import { Button } from 'antd-mobile'` likewise.
import 'antd-mobile/es/global';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import { antdLocales } from './lib/antd-locale';
import { QueryBoundary } from '@cardwallet/shared/forms';
import { PASSPORT_NAMESPACE, passportResources } from './i18n';
import { routes } from './routes';
import './styles/passport.css';

// This app bundles its own antd-mobile copy, so it wires that copy's React 19 shim and locale.
const AntdMobileProvider = createAntdMobileProvider({
  ConfigProvider,
  setDefaultConfig,
  unstableSetRender,
  locales: antdLocales,
  useLanguage: () => useHost().i18n.useLanguage(),
});

function PassportProvider({ children }: { children: ReactNode }) {
  return (
    <QueryBoundary>
      <AntdMobileProvider>{children}</AntdMobileProvider>
    </QueryBoundary>
  );
}

const app: FeatureApp = {
  name: 'mf_passport',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/passport/',
  routes,
  i18n: { namespace: PASSPORT_NAMESPACE, resources: passportResources },
  Provider: PassportProvider,
};

export default app;
