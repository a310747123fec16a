import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { cardSpendingControls, type CardSpendingControls, type SpendingCategory } from '@cardwallet/shared/schemas';

export type SpendingControlsChange =
  | {
      kind: 'set';
      cardId: string;
      online?: boolean;
      contactless?: boolean;
      atm?: boolean;
      magstripe?: boolean;
      monthlyLimit?: string | null;
    }
  | { kind: 'block'; cardId: string; category: SpendingCategory; coolOffHours: number }
  | { kind: 'unblock'; cardId: string; category: SpendingCategory };

const PATHS = { set: 'card/controls', block: 'card/controls/block', unblock: 'card/controls/unblock' } as const;

/** POST card/controls | card/controls/block | card/controls/unblock — each answers the controls as they are now. */
export async function changeSpendingControls(
  http: HttpClient,
  change: SpendingControlsChange,
): Promise<CardSpendingControls> {
  const { kind, ...body } = change;
  return cardSpendingControls.parse(await http.post<unknown>(PATHS[kind], body, { prompt: false }));
}

export function useChangeSpendingControls(cardId: string) {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['card', 'spendingControls', cardId, 'change'],
    mutationFn: (change: SpendingControlsChange) => changeSpendingControls(http, change),
    onSuccess: (controls) => queryClient.setQueryData(['card', 'spendingControls', cardId], controls),
  });
}
