import { createRemoteConfig } from '../shared/build/remote-preset.mjs';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mf_card',
  routePrefix: '/pages/card/',
  port: 3001,
});
