import { useEffect } from 'react';
import type { Locale } from '@cardwallet/shared';
import { useWalletTotals } from '../api/get-balances';
import { useHomeCards } from '../api/get-cards';
import { sumUsd } from '../api/usd';
import { dropServerTotal, serverTotal } from '../server-total';
import { BalanceFigures, DrawnTotal } from './balance-figures';
import { PlaceholderLines } from './placeholder-lines';
import { useSignedInTranslation } from '../i18n/signed-in';
import { formatUsd } from '@cardwallet/shared/money-format';

/**
 * Total balance in USD: the wallet's valuation (held withdrawals included) + the card-funding
 * account + every card's balance — added exactly in cents. Shown only when every part is known;
 * until then, the total the page's HTML drew for this session, if it drew one (server-total.ts).
 */
export function BalanceCard() {
  const { t, i18n } = useSignedInTranslation();
  const locale = i18n.language as Locale;
  const wallet = useWalletTotals();
  const cards = useHomeCards();
  const pending = wallet.isPending || cards.isPending;
  const failed = wallet.isError || cards.isError;
  // The HTML's figures are for the wait only: once the card's own answers are in, never again.
  useEffect(() => {
    if (!pending) dropServerTotal();
  }, [pending]);
  if (pending && serverTotal()) return <DrawnTotal />;
  const cardsTotal = cards.data ? sumUsd(cards.data.map((c) => c.balance)) : '0.00';
  const parts = wallet.data
    ? [
        { key: 'walletPart', amount: wallet.data.totalUsd },
        { key: 'cardFundingPart', amount: wallet.data.cardFunding },
        { key: 'cardsPart', amount: cardsTotal },
      ]
    : [];
  if (!pending && !failed && wallet.data)
    return (
      <BalanceFigures
        title={t('totalBalance')}
        amount={formatUsd(locale, sumUsd(parts.map((p) => p.amount)))}
        hint={t('totalBalanceHint')}
        parts={parts.map((p) => ({ key: p.key, label: t(p.key), amount: formatUsd(locale, p.amount) }))}
      />
    );
  return (
    <section className="cw-home-balance" aria-labelledby="home-total" aria-busy={pending || undefined}>
      <h2 id="home-total" className="cw-home-balance-title">
        {t('totalBalance')}
      </h2>
      {pending ? (
        <div data-testid="home-balance-skeleton">
          <PlaceholderLines lines={2} title dark />
        </div>
      ) : (
        <div role="alert" className="cw-home-balance-error">
          <p>{t('balanceUnavailable')}</p>
          <button
            type="button"
            className="cw-home-button"
            onClick={() => {
              if (wallet.isError) void wallet.refetch();
              if (cards.isError) void cards.refetch();
            }}
          >
            {t('retry')}
          </button>
        </div>
      )}
    </section>
  );
}
