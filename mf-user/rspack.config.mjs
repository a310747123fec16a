import { createRemoteConfig } from '../shared/build/remote-preset.mjs';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mf_user',
  routePrefix: '/pages/user/',
  port: 3003,
});
