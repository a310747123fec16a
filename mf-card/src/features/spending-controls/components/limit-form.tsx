import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import type { CardSpendingControls } from '@cardwallet/shared/schemas';
import { apiErrorMessage, apiFieldErrors } from '@cardwallet/shared/forms';
import { formatUsd, toCents } from '../../../lib/money';
import { useChangeSpendingControls } from '../api/change-spending-controls';

/** The card's own monthly limit, at most the product's; empty = the product's limit. */
export function LimitForm({ controls }: { controls: CardSpendingControls }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const change = useChangeSpendingControls(controls.cardId);
  const [value, setValue] = useState(controls.monthlyLimit ?? '');
  const [error, setError] = useState('');
  const [saved, setSaved] = useState(false);
  const max = toCents(controls.productMonthlyLimit);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const trimmed = value.trim();
    const cents = trimmed === '' ? null : toCents(trimmed);
    if (trimmed !== '' && (cents === null || cents <= 0n)) return setError(t('controls.limitInvalid'));
    if (cents !== null && max !== null && cents > max)
      return setError(t('controls.limitTooHigh', { max: formatUsd(controls.productMonthlyLimit, locale) }));
    setError('');
    change.mutate(
      { kind: 'set', cardId: controls.cardId, monthlyLimit: trimmed === '' ? null : trimmed },
      {
        onSuccess: () => setSaved(true),
        onError: (e) => setError(apiFieldErrors(e).monthlyLimit ?? apiErrorMessage(e, t)),
      },
    );
  };

  return (
    <form className="card-controls-limit" noValidate onSubmit={submit} aria-labelledby="card-limit-title">
      <h2 id="card-limit-title" className="cw-section-title">
        {t('controls.limitTitle')}
      </h2>
      <p className="card-fine-print">
        {t('controls.limitHint', { max: formatUsd(controls.productMonthlyLimit, locale) })}
      </p>
      <label className="card-controls-field">
        <span>{t('controls.limitLabel')}</span>
        <input
          className="cw-ltr"
          inputMode="decimal"
          value={value}
          placeholder={controls.productMonthlyLimit}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'card-limit-error' : undefined}
        />
      </label>
      {error ? (
        <p id="card-limit-error" role="alert" className="cw-form-alert">
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
