import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '@cardwallet/shared';

/**
 * Refetches the referral data on screen when the API reports a cashback or bonus paid to this
 * customer (domain events `referral.*`, delivered by the live stream), so the pages update without
 * a pull-to-refresh.
 */
export function useReferralLive(): void {
  const queryClient = useQueryClient();
  useLiveEvents(['referral.'], () => void queryClient.invalidateQueries({ queryKey: ['referral'] }));
}
