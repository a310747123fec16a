import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { threeDsChallenge, type ThreeDsChallenge } from '@cardwallet/shared/schemas';
import type { PasskeyProof } from '@cardwallet/shared/forms';

export type ThreeDsAnswer =
  | { id: string; decision: 'decline' }
  | { id: string; decision: 'approve'; payPassword: string }
  | { id: string; decision: 'approve'; passkey: PasskeyProof };

/**
 * POST card/threeDs/approve (a fresh proof: transaction password or passkey) | card/threeDs/decline.
 * The server takes exactly one answer; repeating the winning one answers it again, so a retry after
 * a network error is safe.
 */
export async function answerChallenge(http: HttpClient, answer: ThreeDsAnswer): Promise<ThreeDsChallenge> {
  const { decision, ...body } = answer;
  return threeDsChallenge.parse(
    await http.post<unknown>(`card/threeDs/${decision}`, body, { prompt: false, loading: false }),
  );
}

export function useAnswerChallenge() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'threeDs', 'answer'],
    mutationFn: (answer: ThreeDsAnswer) => answerChallenge(http, answer),
    // Not awaited: the sheet shows the outcome first; the lists (pending, statement, card) follow.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['card'] }),
  });
}
