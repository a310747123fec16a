import { toE164 } from '@cardwallet/shared/schemas';
import { composeAccountWith, type AccountFormValues } from './account-form';

/** The `account` the API expects: the e-mail as typed, or the mobile composed into E.164. */
export function composeAccount(values: AccountFormValues): string {
  return composeAccountWith(toE164, values);
}
