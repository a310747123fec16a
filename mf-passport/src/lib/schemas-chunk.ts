// What the login page's code checks with zod, in one chunk loaded on first use (./lazy-schemas.ts).
// Only re-exports: add a name here when a module behind the login page needs it.
export { zodResolver } from '@hookform/resolvers/zod';
export {
  V,
  toE164,
  loginBody,
  sessionResult,
  registerDataResult,
  passkeyItem,
  passkeyListResult,
  passkeyOptionsResult,
  wechatAuthorizeResult,
} from '@cardwallet/shared/schemas';
