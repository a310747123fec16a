import type { ReactNode } from 'react';
import { CONTRACT_VERSION, useHost, type FeatureApp } from '@cardwallet/shared';
import { createAntdMobileProvider } from '@cardwallet/shared/ui';
// Deep imports, never the 'antd-mobile' barrel: the barrel has side effects, so every component any
// page used became a dependency of every page (one vendor chunk for all); the build's transformImport
// (shared/build/remote-preset.mjs) rewrites the pages' `import { Button } from 'antd-mobile'` likewise.
import 'antd-mobile/es/global';
import ConfigProvider, { setDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
// Pages import each component from its own module (antd-mobile/es/components/<name>): the barrel
// is one module, and through it every page's chunk carried the components of all wallet pages.
import { antdLocales } from './lib/antd-locale';
import { QueryBoundary } from '@cardwallet/shared/forms';
import { WALLET_NAMESPACE, walletResources } from './i18n';
import { routes } from './routes';
import './styles/wallet.css';

// This app bundles its own antd-mobile copy, so it wires that copy's React 19 shim and locale.
const AntdMobileProvider = createAntdMobileProvider({
  ConfigProvider,
  setDefaultConfig,
  unstableSetRender,
  locales: antdLocales,
  useLanguage: () => useHost().i18n.useLanguage(),
});

function WalletProvider({ children }: { children: ReactNode }) {
  return (
    <QueryBoundary>
      <AntdMobileProvider>{children}</AntdMobileProvider>
    </QueryBoundary>
  );
}

const app: FeatureApp = {
  name: 'mf_wallet',
  contractVersion: CONTRACT_VERSION,
  routePrefix: '/pages/wallet/',
  routes,
  i18n: { namespace: WALLET_NAMESPACE, resources: walletResources },
  Provider: WalletProvider,
};

export default app;
