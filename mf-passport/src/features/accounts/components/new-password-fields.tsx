import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@cardwallet/shared/forms';

interface PasswordPair {
  password: string;
  confirmPassword: string;
}

export interface NewPasswordFieldsProps<T extends PasswordPair & FieldValues, TOut extends FieldValues> {
  control: Control<T, unknown, TOut>;
  /** "Password" when registering, "New password" when resetting. */
  passwordLabel: string;
}

/** A new password and its confirmation (8–20 characters, the two must match: shared schemas). */
export function NewPasswordFields<T extends PasswordPair & FieldValues, TOut extends FieldValues = T>({
  control,
  passwordLabel,
}: NewPasswordFieldsProps<T, TOut>) {
  const { t } = useTranslation('passport');
  return (
    <>
      <PasswordField
        namespace="passport"
        control={control}
        name={'password' as Path<T>}
        label={passwordLabel}
        autoComplete="new-password"
        placeholder={t('placeholders.newPassword')}
        required
      />
      <PasswordField
        namespace="passport"
        control={control}
        name={'confirmPassword' as Path<T>}
        label={t('fields.confirmPassword')}
        autoComplete="new-password"
        placeholder={t('placeholders.confirmPassword')}
        required
      />
    </>
  );
}
