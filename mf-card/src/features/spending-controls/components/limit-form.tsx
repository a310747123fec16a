import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { formatDecimal } from '@cardwallet/shared/money';
import type { CardSpendingControls } from '@cardwallet/shared/schemas';
import { z } from '@cardwallet/shared/zod';
import { AmountField, amountSchema, apiErrorMessage, apiFieldErrors } from '@cardwallet/shared/forms';
import { formatUsd } from '../../../lib/money';
import { useChangeSpendingControls } from '../api/change-spending-controls';

/** The card's own monthly limit, at most the product's; empty = the product's limit. */
export function LimitForm({ controls }: { controls: CardSpendingControls }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const change = useChangeSpendingControls(controls.cardId);
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const limits = { maximum: controls.productMonthlyLimit };
  // Empty means "the product's limit" (null on the wire); anything else is read as the field reads it.
  const amount = amountSchema(t, locale, { currency: 'USD', limits });
  const schema = z.object({
    monthlyLimit: z.string().transform((text, ctx) => {
      if (text.trim() === '') return null;
      const read = amount.safeParse(text);
      if (read.success) return read.data;
      for (const issue of read.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    }),
  });
  const form = useForm<{ monthlyLimit: string }, unknown, { monthlyLimit: string | null }>({
    mode: 'onTouched',
    resolver: zodResolver(schema),
    // The saved limit in the page's locale ("2.500" in tr-TR), as the field reads it back.
    defaultValues: {
      monthlyLimit: controls.monthlyLimit
        ? formatDecimal(locale, controls.monthlyLimit, { minimumDecimals: 0, maximumDecimals: 2, grouping: false })
        : '',
    },
  });

  const submit = form.handleSubmit((values) => {
    setSaved(false);
    setError('');
    change.mutate(
      { kind: 'set', cardId: controls.cardId, monthlyLimit: values.monthlyLimit },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => {
          const message = apiFieldErrors(e).monthlyLimit;
          if (message) form.setError('monthlyLimit', { type: 'server', message });
          else setError(apiErrorMessage(e, t));
        },
      },
    );
  });

  return (
    <form
      className="card-controls-limit"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="card-limit-title"
    >
      <h2 id="card-limit-title" className="cw-section-title">
        {t('controls.limitTitle')}
      </h2>
      <p className="card-fine-print">
        {t('controls.limitHint', { max: formatUsd(controls.productMonthlyLimit, locale) })}
      </p>
      <AmountField
        control={form.control}
        name="monthlyLimit"
        label={t('controls.limitLabel')}
        currency="USD"
        limits={limits}
        placeholder={formatDecimal(locale, controls.productMonthlyLimit, { minimumDecimals: 0, maximumDecimals: 2 })}
        classPrefix="card"
      />
      {error ? (
        <p role="alert" className="cw-form-alert">
          {error}
        </p>
      ) : null}
      {saved ? <p role="status">{t('controls.saved')}</p> : null}
      <Button type="submit" color="primary" block loading={change.isPending} disabled={change.isPending}>
        {t('controls.saveLimit')}
      </Button>
    </form>
  );
}
