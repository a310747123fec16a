import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { formatAmount, formatAmountExact, formatMoney, formatMoneyExact, truncateDecimal } from '../money/format';
import { MONEY_SCALE, shownDecimals, type MoneyCurrency } from '../money/scale';

/**
 * A holding as lists show it (`formatMoney`: cut toward zero at the currency's shown decimals),
 * the exact figure one tap away when the ledger keeps more digits than are shown. Plain text when
 * nothing is hidden.
 */
export function AmountReveal({
  amount,
  currency,
  className,
  withCurrency = true,
}: {
  amount: string;
  currency: MoneyCurrency;
  className?: string;
  /** false: the number alone ("1.12345678"), where the currency is named beside it. */
  withCurrency?: boolean;
}) {
  const { t } = useTranslation('common');
  const locale = useHost().i18n.useLanguage();
  const [exact, setExact] = useState(false);
  const short = withCurrency ? formatMoney(locale, amount, currency) : formatAmount(locale, amount, currency);
  const exactText = () =>
    withCurrency ? formatMoneyExact(locale, amount, currency) : formatAmountExact(locale, amount, currency);
  const hidden = truncateDecimal(amount, shownDecimals(currency)) !== truncateDecimal(amount, MONEY_SCALE[currency]);
  const classes = `cw-ltr${className ? ` ${className}` : ''}`;
  if (!hidden) return <span className={classes}>{short}</span>;
  return (
    <button
      type="button"
      className={`cw-amount-reveal ${classes}`}
      aria-pressed={exact}
      title={t(exact ? 'amount.showShort' : 'amount.showExact')}
      onClick={() => setExact((v) => !v)}
    >
      {exact ? exactText() : short}
    </button>
  );
}
