import type { ReactNode } from 'react';
import { CONTRACT_VERSION, useHost, type FeatureApp } from '@cardwallet/shared';
import { createAntdMobileProvider } from '@cardwallet/shared/ui';
import { ConfigProvider, setDefaultConfig, unstableSetRender } from 'antd-mobile';
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
