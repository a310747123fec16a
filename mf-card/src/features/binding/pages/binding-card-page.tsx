import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { bindCardBody, type BindCardBody } from '@cardwallet/shared/schemas';
import { apiErrorMessage, applyServerFieldErrors, TextField, FieldGroup } from '@cardwallet/shared/forms';
import { GateNotice } from '../../../components/gate-notice';
import { useBindCard } from '../api/bind-card';

/** Binding a physical card: its number (Luhn and the product's ranges checked) and the code on its carrier. */
export default function BindingCardPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const bind = useBindCard();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<BindCardBody>({
    mode: 'onTouched',
    resolver: zodResolver(bindCardBody),
    defaultValues: { cardNumber: '', carrierCode: '' },
  });

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      const card = await bind.mutateAsync(body);
      navigation.redirect(`/pages/card/binding-card-success?cardId=${encodeURIComponent(card.id)}`);
    } catch (error) {
      if (applyServerFieldErrors(error, form.setError, ['cardNumber', 'carrierCode'])) return;
      setFailure(apiErrorMessage(error, t));
    }
  });

  return (
    <main className="card-page">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('bind.formLabel')}>
        <FieldGroup className="card-form">
          <TextField
            namespace="card"
            control={form.control}
            name="cardNumber"
            label={t('bind.cardNumber')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={23}
            required
          />
          <TextField
            namespace="card"
            control={form.control}
            name="carrierCode"
            label={t('bind.carrierCode')}
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            required
          />
        </FieldGroup>
        <p className="card-fine-print">{t('bind.carrierHint')}</p>
        {failure ? <GateNotice message={failure} fix={null} /> : null}
        <div className="card-actions">
          <Button type="submit" color="primary" block loading={bind.isPending} disabled={bind.isPending}>
            {t('bind.submit')}
          </Button>
        </div>
      </form>
    </main>
  );
}
