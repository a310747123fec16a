export { createAntdMobileProvider, reactRootRender } from './antd-mobile';
export type { AntdMobileBindings } from './antd-mobile';
export { NavListItem } from './nav-list-item';
export { CustomNavBar } from './custom-nav-bar';
export { PasscodePad } from './passcode-pad';
export type { PasscodePadProps } from './passcode-pad';
export { CopyButton } from './copy-button';
export type { CopyButtonProps } from './copy-button';
