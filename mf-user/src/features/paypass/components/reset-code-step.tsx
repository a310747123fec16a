import { useState } from 'react';
import { Button, List } from 'antd-mobile';
import { zodResolver } from '@hookform/resolvers/zod';
import { codeSchema } from '@cardwallet/shared/schemas';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from '@cardwallet/shared/zod';
import { CodeField } from '../../account/components/code-field';
import { SendToPicker } from '../../account/components/send-to-picker';

const schema = z.object({ code: codeSchema });

/**
 * Reset step 1: a 'paypass' verification code sent to one of the customer's own bound accounts.
 * The code is checked by the API together with the new password (user/resetPayPassword).
 */
export function ResetCodeStep({
  accounts,
  initialError,
  onDone,
}: {
  accounts: string[];
  initialError?: string | null;
  onDone: (code: string, account: string) => void;
}) {
  const { t } = useTranslation('user');
  const [account, setAccount] = useState(accounts[0] ?? '');
  const form = useForm<z.input<typeof schema>>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    defaultValues: { code: '' },
  });
  const codeError = initialError ?? null;

  return (
    <form
      className="adm-form"
      noValidate
      aria-label={t('paypass.resetTitle')}
      onSubmit={(e) => void form.handleSubmit(({ code }) => onDone(code, account))(e)}
    >
      <p className="user-hint">{t('paypass.resetHint')}</p>
      <SendToPicker accounts={accounts} value={account} onChange={setAccount} />
      <List>
        <CodeField form={form} name="code" purpose="paypass" getAccount={async () => account || null} />
      </List>
      {codeError ? (
        <div role="alert" className="cw-form-alert">
          {codeError}
        </div>
      ) : null}
      <div className="user-actions">
        <Button block color="primary" type="submit">
          {t('common.next')}
        </Button>
      </div>
    </form>
  );
}
