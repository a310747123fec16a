import type { Locale } from '@cardwallet/shared';
import { useWalletTotals } from '../api/get-balances';
import { useHomeCards } from '../api/get-cards';
import { sumUsd } from '../api/usd';
import { PlaceholderLines } from './placeholder-lines';
import { useSignedInTranslation } from '../i18n/signed-in';
import { formatUsd } from '@cardwallet/shared/money-format';

/**
 * Total balance in USD: the wallet's valuation (held withdrawals included) + the card-funding
 * account + every card's balance — added exactly in cents. Shown only when every part is known.
 */
export function BalanceCard() {
  const { t, i18n } = useSignedInTranslation();
  const locale = i18n.language as Locale;
  const wallet = useWalletTotals();
  const cards = useHomeCards();
  const pending = wallet.isPending || cards.isPending;
  const failed = wallet.isError || cards.isError;
  const cardsTotal = cards.data ? sumUsd(cards.data.map((c) => c.balance)) : '0.00';
  const parts = wallet.data
    ? [
        { key: 'walletPart', amount: wallet.data.totalUsd },
        { key: 'cardFundingPart', amount: wallet.data.cardFunding },
        { key: 'cardsPart', amount: cardsTotal },
      ]
    : [];
  return (
    <section className="cw-home-balance" aria-labelledby="home-total" aria-busy={pending || undefined}>
      <h2 id="home-total" className="cw-home-balance-title">
        {t('totalBalance')}
      </h2>
      {pending ? (
        <div data-testid="home-balance-skeleton">
          <PlaceholderLines lines={2} title dark />
        </div>
      ) : failed || !wallet.data ? (
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
      ) : (
        <>
          <p className="cw-home-balance-amount" dir="ltr" data-testid="home-total-balance">
            {formatUsd(locale, sumUsd(parts.map((p) => p.amount)))}
          </p>
          <p className="cw-home-balance-hint">{t('totalBalanceHint')}</p>
          <dl className="cw-home-balance-parts">
            {parts.map((p) => (
              <div key={p.key}>
                <dt>{t(p.key)}</dt>
                <dd dir="ltr">{formatUsd(locale, p.amount)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </section>
  );
}
