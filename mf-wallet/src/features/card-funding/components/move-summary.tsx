import { useTranslation } from 'react-i18next';
import type { CardWalletCurrency } from '@cardwallet/shared/schemas';
import { useMoney } from '../../../lib/format';

/**
 * What the move does, shown before confirming: from where, to where, the fee and what arrives.
 * `amount`: the canonical figure read from the field ('' while there is none).
 */
export function MoveSummary({ amount, currency }: { amount: string; currency: CardWalletCurrency }) {
  const { t } = useTranslation('wallet');
  const fmt = useMoney();
  const rows = [
    { label: t('cardFunding.from'), value: t('cardFunding.fromValue') },
    { label: t('cardFunding.to'), value: t('cardFunding.toValue', { currency }) },
    { label: t('cardFunding.fee'), value: fmt.usd('0') },
    { label: t('cardFunding.received'), value: amount ? fmt.exact(amount, currency) : '—' },
  ];
  return (
    <dl className="wallet-summary" aria-label={t('cardFunding.summary')} aria-live="polite">
      {rows.map((r) => (
        <div key={r.label}>
          <dt>{r.label}</dt>
          <dd className="cw-ltr">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
