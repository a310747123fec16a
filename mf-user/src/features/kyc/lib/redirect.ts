import { useSearchParams } from 'react-router';
import { safeRedirectPath } from '@cardwallet/shared/safe-redirect';

/** `?redirect=<encoded path>`: where to send the customer back once verified (this app's pages only). */
export function useRedirectParam(): { redirect: string | null; suffix: string } {
  const [params] = useSearchParams();
  const redirect = safeRedirectPath(params.get('redirect'));
  return { redirect, suffix: redirect ? `?redirect=${encodeURIComponent(redirect)}` : '' };
}
