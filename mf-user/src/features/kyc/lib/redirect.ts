import { useSearchParams } from 'react-router';

/** `?redirect=<encoded path>`: where to send the customer back once verified (same-app pages only). */
export function safeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/pages/') || value.includes('//') || value.includes('\\')) return null;
  return value;
}

export function useRedirectParam(): { redirect: string | null; suffix: string } {
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  return { redirect, suffix: redirect ? `?redirect=${encodeURIComponent(redirect)}` : '' };
}
