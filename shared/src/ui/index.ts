export { createAntdMobileProvider, reactRootRender } from './antd-mobile';
export type { AntdMobileBindings } from './antd-mobile';
