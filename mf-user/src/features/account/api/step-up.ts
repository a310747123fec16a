import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { stepUpResult, type StepUpBody } from '@cardwallet/shared/schemas';

/** POST user/stepUp — a fresh proof before the transaction password is set or changed; answers how long the grant lasts. */
export async function stepUp(http: HttpClient, body: StepUpBody) {
  return stepUpResult.parse(await http.post<unknown>('user/stepUp', body, { prompt: false }));
}

export function useStepUp() {
  const { http } = useHost();
  return useMutation({ mutationKey: ['user', 'step-up'], mutationFn: (body: StepUpBody) => stepUp(http, body) });
}
