import { loadSchemas } from '../../../lib/lazy-schemas';
import type { FieldErrors, FieldValues, Resolver, ResolverResult } from 'react-hook-form';
import type { z } from '@cardwallet/shared/zod';

export type AccountMethod = 'email' | 'mobile';

/** The account part of every passport form: an e-mail, or a dial code plus a national number. */
export interface AccountFormValues {
  method: AccountMethod;
  email: string;
  /** ISO 3166-1 alpha-2 of the chosen dial code (several countries share "+1"). */
  country: string;
  dialCode: string;
  national: string;
}

export const emptyAccountValues = (country = '', dialCode = ''): AccountFormValues => ({
  method: 'email',
  email: '',
  country,
  dialCode,
  national: '',
});

/**
 * The `account` the API expects: the e-mail as typed, or the mobile composed into E.164 by `toE164`
 * (the phone metadata's, passed in so this module does not load it: see lib/lazy-schemas.ts).
 */
export function composeAccountWith(toE164: (dialCode: string, national: string) => string, values: AccountFormValues) {
  if (values.method === 'email') return values.email;
  return values.national.trim() ? toE164(values.dialCode, values.national) : '';
}

export function accountFieldName(values: AccountFormValues): 'email' | 'national' {
  return values.method === 'email' ? 'email' : 'national';
}

/**
 * A zod resolver for a form whose schema takes `account` while the user edits `email` or
 * `national`: composes the account, validates with the shared (API) schema, and reports an
 * account problem on the field the user actually typed into. `schema` is asked for at the first
 * validation, with zod and the phone metadata (lib/lazy-schemas.ts): the login page's first
 * screen does not evaluate them (issue 24, TBT).
 */
export function accountResolver<TValues extends AccountFormValues & FieldValues, TSchema extends z.ZodType>(
  schema: () => Promise<TSchema>,
  toInput: (values: TValues, account: string) => z.input<TSchema>,
  options: { passwordPair?: boolean } = {},
): Resolver<TValues, unknown, z.output<TSchema>> {
  type Inner = Resolver<FieldValues, unknown, z.output<TSchema>>;
  let ready: Promise<{ resolve: Inner; toE164: (dialCode: string, national: string) => string; differ: string }>;
  const prepare = () => {
    ready ??= Promise.all([loadSchemas(), schema()]).then(([schemas, loaded]) => ({
      resolve: schemas.zodResolver(loaded as never) as unknown as Inner,
      toE164: schemas.toE164,
      differ: schemas.V.passwordsDiffer,
    }));
    // A chunk that failed to load is asked for again at the next validation.
    ready.catch(() => (ready = undefined as never));
    return ready;
  };
  return async (values, context, resolverOptions) => {
    const { resolve, toE164, differ } = await prepare();
    const input = toInput(values, composeAccountWith(toE164, values)) as FieldValues;
    const result = await resolve(input, context, resolverOptions as never);
    const errors = { ...(result.errors as Record<string, unknown>) };
    if ('account' in errors) {
      errors[accountFieldName(values)] = errors.account;
      delete errors.account;
    }
    if (options.passwordPair) addPasswordsDiffer(values, errors, differ);
    const hasErrors = Object.keys(errors).length > 0;
    return (
      hasErrors ? { values: {}, errors: errors as FieldErrors<TValues> } : { values: result.values, errors: {} }
    ) as ResolverResult<TValues, z.output<TSchema>>;
  };
}

/**
 * zod skips an object's refinements while any field is invalid, so "passwords differ" would stay
 * hidden until the whole form is otherwise valid. Show it as soon as both entries are there.
 */
export function addPasswordsDiffer(values: FieldValues, errors: Record<string, unknown>, message: string): void {
  const { password, confirmPassword } = values as { password?: string; confirmPassword?: string };
  if (password && confirmPassword && password !== confirmPassword && !errors.confirmPassword) {
    errors.confirmPassword = { type: 'custom', message };
  }
}
