import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';
import {
  loginMpWxMobileResult,
  type LoginMpWxMobileBody,
  type LoginMpWxMobileResult,
} from '@cardwallet/shared/schemas';

/** POST passport/loginMpWxMobile — binds the WeChat of the ticket to the verified mobile's account. */
export async function loginMpWxMobile(
  http: HttpClient,
  form: LoginMpWxMobileBody['form'],
): Promise<LoginMpWxMobileResult> {
  const data = await http.post<unknown>(
    'passport/loginMpWxMobile',
    { form },
    { prompt: false, loading: true, login: 'none' },
  );
  return loginMpWxMobileResult.parse(data);
}

export function useLoginMpWxMobile() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['passport', 'login-mp-wx-mobile'],
    mutationFn: (form: LoginMpWxMobileBody['form']) => loginMpWxMobile(http, form),
  });
}
