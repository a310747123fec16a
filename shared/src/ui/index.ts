export { createAntdMobileProvider, reactRootRender } from './antd-mobile';
export type { AntdMobileBindings } from './antd-mobile';
export { NavListItem } from './nav-list-item';
export { CustomNavBar } from './custom-nav-bar';
export { PasscodePad } from './passcode-pad';
export type { PasscodePadProps } from './passcode-pad';
export { CopyButton } from './copy-button';
export type { CopyButtonProps } from './copy-button';
// Page states (issue 28): one LoadError / PageSkeleton / EmptyState, given the app's namespace and class.
export { EmptyState, LoadError, PageSkeleton } from './page-state';
export type { PageStateProps } from './page-state';
