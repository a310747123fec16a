export { createAntdMobileProvider, reactRootRender } from './antd-mobile';
export type { AntdMobileBindings } from './antd-mobile';
export { NavListItem } from './nav-list-item';
export { CustomNavBar } from './custom-nav-bar';
