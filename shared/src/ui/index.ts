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
// The provider block of every feature app's app.tsx (issue 28): antd-mobile, query cache, namespace, boundary.
export { createFeatureAppFrame, withFrameTexts, type FeatureAppFrameOptions } from './feature-app-frame';
export { useFeatureAppNamespace } from './feature-app-namespace';
// The one QR code; `qrcode` is bundled by the apps that use it.
export { QrCode, qrCodePath, type QrCodeProps } from './qr-code';
// The one in-app link.
export { AppLink } from './app-link';
