import { isApiError } from '@cardwallet/shared';

/** The page that fixes a refusal, when the API named one (`data.fix`), for a link beside the message. */
export function fixPageOf(error: unknown): string | null {
  if (!isApiError(error)) return null;
  const data = error.data as { fix?: unknown } | null | undefined;
  return data && typeof data.fix === 'string' && data.fix.startsWith('/pages/') ? data.fix : null;
}

/** The fixing page of each gate key (eligibility answers name the key only). */
export const FIX_PAGE: Record<string, string> = {
  kyc1_required: '/pages/user/kyc-lv1',
  kyc2_required: '/pages/card/sumsub',
  email_binding_required: '/pages/user/bind-email',
  insufficient_wallet_balance: '/pages/wallet/transfer',
};
