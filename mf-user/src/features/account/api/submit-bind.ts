import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { userProfile, type BindBody, type UserProfile } from '@cardwallet/shared/schemas';
import { profileQueryKey } from './get-profile';

/** POST user/sumbitBind — binds (or, with a re-authentication ticket, replaces) an e-mail or mobile. */
export async function submitBind(http: HttpClient, body: BindBody): Promise<UserProfile> {
  return userProfile.parse(await http.post<unknown>('user/sumbitBind', body, { prompt: false }));
}

export function useSubmitBind() {
  const { http } = useHost();
  const queryClient = useQueryClient();
  return useMutation({
    ...mutationOptions({ mutationKey: ['user', 'bind'], mutationFn: (body: BindBody) => submitBind(http, body) }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
