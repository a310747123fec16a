import { createRemoteConfig } from '../shared/build/remote-preset.mjs';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mf_wallet',
  routePrefix: '/pages/wallet/',
  port: 3002,
});
