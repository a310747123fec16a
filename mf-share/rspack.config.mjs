import { createRemoteConfig } from '../shared/build/remote-preset.mjs';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mf_share',
  routePrefix: '/pages/share/',
  port: 3004,
});
