import { useTranslation } from 'react-i18next';
import type { CardFundingWithdrawQuote, CardWalletCurrency } from '@cardwallet/shared/schemas';
import { dec } from '../../../lib/amount';
import { useMoney } from '../../../lib/format';

/**
 * What the move does, shown before confirming: from where, to where, the fee, the exchange spread
 * on any part priced as an exchange (money that did not come in as `currency`) and what arrives —
 * the figures of the API's quote for `amount`, none computed here.
 * `amount`: the canonical figure read from the field ('' while there is none); `quote`: its quote
 * (null while it is asked, refused or there is no amount).
 */
export function MoveSummary({
  amount,
  currency,
  quote,
}: {
  amount: string;
  currency: CardWalletCurrency;
  quote: CardFundingWithdrawQuote | null;
}) {
  const { t } = useTranslation('wallet');
  const fmt = useMoney();
  const converted = quote !== null && dec(quote.converted).gt(0);
  const rows = [
    { label: t('cardFunding.from'), value: t('cardFunding.fromValue') },
    { label: t('cardFunding.to'), value: t('cardFunding.toValue', { currency }) },
    { label: t('cardFunding.amountOut'), value: amount ? fmt.usd(amount) : '—' },
    { label: t('cardFunding.fee'), value: quote ? fmt.usd(quote.fee) : '—' },
    ...(quote && converted
      ? [
          {
            label: t('cardFunding.spread', { percent: fmt.percent(quote.spreadRate) }),
            value: `−${fmt.exact(quote.spreadAmount, quote.currency)}`,
          },
          {
            label: t('cardFunding.exchanged'),
            value: `${fmt.usd(quote.converted)} · 1 USD = ${fmt.rate(quote.rate)} ${quote.currency}`,
          },
        ]
      : []),
    { label: t('cardFunding.received'), value: quote ? fmt.exact(quote.receive, quote.currency) : '—' },
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
