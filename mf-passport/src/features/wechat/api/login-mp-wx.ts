import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import { loginMpWxResult, type LoginMpWxBody, type LoginMpWxResult } from '@cardwallet/shared/schemas';

/** POST passport/loginMpWx — the payload wrapped in a form field (spec §7). */
export async function loginMpWx(http: HttpClient, form: LoginMpWxBody['form']): Promise<LoginMpWxResult> {
  const data = await http.post<unknown>(
    'passport/loginMpWx',
    { form },
    { prompt: false, loading: true, login: 'none' },
  );
  return loginMpWxResult.parse(data);
}

export function useLoginMpWx() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['passport', 'login-mp-wx'],
    mutationFn: (form: LoginMpWxBody['form']) => loginMpWx(http, form),
  });
}
