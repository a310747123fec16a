import { mutationOptions, useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { codeCheckResult, type CodeCheckBody, type CodeCheckResult } from '@cardwallet/shared/schemas';

/** POST user/cacheCodeCheck — checks a code; for reset_password the answer carries a one-use ticket. */
export async function checkCode(http: HttpClient, body: CodeCheckBody): Promise<CodeCheckResult> {
  const data = await http.post<unknown>('user/cacheCodeCheck', body, { prompt: false, login: 'none' });
  return codeCheckResult.parse(data);
}

export const checkCodeMutationOptions = (http: HttpClient) =>
  mutationOptions({
    mutationKey: ['passport', 'check-code'],
    mutationFn: (body: CodeCheckBody) => checkCode(http, body),
  });

export function useCheckCode() {
  const { http } = useHost();
  return useMutation(checkCodeMutationOptions(http));
}
