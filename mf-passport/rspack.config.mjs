import { createRemoteConfig } from '../shared/build/remote-preset.mjs';

export default createRemoteConfig({
  dir: import.meta.dirname,
  name: 'mf_passport',
  routePrefix: '/pages/passport/',
  port: 3005,
});
