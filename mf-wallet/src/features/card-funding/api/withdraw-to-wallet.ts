import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  cardFundingWithdrawal,
  type CardFundingWithdrawBody,
  type CardFundingWithdrawal,
} from '@cardwallet/shared/schemas';

/**
 * POST card/funding/withdrawToWallet — the card-funding balance back to the wallet, 1:1 in USD,
 * USDT or USDC, no fee, behind the transaction password; the key is reused by every retry.
 */
export async function withdrawToWallet(
  http: HttpClient,
  body: CardFundingWithdrawBody,
  idempotencyKey: string,
): Promise<CardFundingWithdrawal> {
  const data = await http.post<unknown>('card/funding/withdrawToWallet', body, {
    prompt: false,
    loading: true,
    idempotencyKey,
  });
  return cardFundingWithdrawal.parse(data);
}

export function useWithdrawToWallet() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['wallet', 'cardFundingBack'],
    mutationFn: ({ body, idempotencyKey }: { body: CardFundingWithdrawBody; idempotencyKey: string }) =>
      withdrawToWallet(http, body, idempotencyKey),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
        queryClient.invalidateQueries({ queryKey: ['card'] }),
      ]),
  });
}
