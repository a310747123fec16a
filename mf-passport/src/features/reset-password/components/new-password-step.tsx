import { useMemo, useState } from 'react';
import { Button, List } from 'antd-mobile';
import { isApiError } from '@cardwallet/shared';
import { V, resetPasswordBody } from '@cardwallet/shared/schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type Resolver, type ResolverResult } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from '@cardwallet/shared/zod';
import { apiErrorMessage, applyServerFieldErrors, FormAlert } from '@cardwallet/shared/forms';
import { addPasswordsDiffer } from '../../accounts/components/account-form';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from '../../accounts/components/new-password-fields';

export interface NewPasswordFormValues {
  password: string;
  confirmPassword: string;
}
type ResetOutput = z.output<typeof resetPasswordBody>;

/** Validates with the API's own schema; the ticket from step 1 rides along unseen. */
function ticketResolver(ticket: string): Resolver<NewPasswordFormValues, unknown, ResetOutput> {
  const inner = zodResolver(resetPasswordBody) as unknown as Resolver<FieldValues, unknown, ResetOutput>;
  return async (values, context, options) => {
    const result = await inner({ ...values, ticket }, context, options as never);
    const errors = { ...(result.errors as Record<string, unknown>) };
    addPasswordsDiffer(values, errors, V.passwordsDiffer);
    return (
      Object.keys(errors).length > 0 ? { values: {}, errors: errors as never } : { values: result.values, errors: {} }
    ) as ResolverResult<NewPasswordFormValues, ResetOutput>;
  };
}

/** Step 2: choose the new password. A stale ticket sends the customer back to step 1. */
export function NewPasswordStep({
  ticket,
  onDone,
  onTicketExpired,
}: {
  ticket: string;
  onDone: () => void;
  onTicketExpired: (message: string) => void;
}) {
  const { t } = useTranslation('passport');
  const reset = useResetPassword();
  const [formError, setFormError] = useState<string | null>(null);
  const resolver = useMemo(() => ticketResolver(ticket), [ticket]);
  const form = useForm<NewPasswordFormValues, unknown, ResetOutput>({
    mode: 'onTouched',
    resolver,
    defaultValues: { password: '', confirmPassword: '' },
  });

  const onValid = async (body: ResetOutput) => {
    setFormError(null);
    try {
      await reset.mutateAsync(body);
      onDone();
    } catch (error) {
      if (isApiError(error) && error.key === 'reset_ticket_invalid') {
        onTicketExpired(error.message);
        return;
      }
      const placed = applyServerFieldErrors(error, form.setError, ['password', 'confirmPassword']);
      if (!placed) setFormError(apiErrorMessage(error, t));
    }
  };

  return (
    <form
      className="adm-form passport-form"
      noValidate
      aria-label={t('reset.steps.reset')}
      onSubmit={(event) => void form.handleSubmit(onValid)(event)}
    >
      <List className="passport-list">
        <NewPasswordFields control={form.control} passwordLabel={t('fields.newPassword')} />
      </List>
      <FormAlert message={formError} />
      <div className="adm-form-footer">
        <Button block type="submit" color="primary" size="large" loading={reset.isPending} disabled={reset.isPending}>
          {t('reset.submit')}
        </Button>
      </div>
    </form>
  );
}
