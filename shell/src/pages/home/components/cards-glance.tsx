import type { Locale } from '@cardwallet/shared';
import { useHomeCards } from '../api/get-cards';
import { PlaceholderLines } from './placeholder-lines';
import { useSignedInTranslation } from '../i18n/signed-in';
import { AppLink } from '@cardwallet/shared/ui';
import { formatUsd } from '@cardwallet/shared/money-format';

const BRAND = { visa: 'Visa', mastercard: 'Mastercard' } as const;

/** The customer's cards at a glance (masked number, status, balance); each opens the card tab. */
export function CardsGlance() {
  const { t, i18n } = useSignedInTranslation();
  const locale = i18n.language as Locale;
  const cards = useHomeCards();
  return (
    <section className="cw-home-card" aria-labelledby="home-cards">
      <div className="cw-home-section-head">
        <h2 id="home-cards" className="cw-home-heading">
          {t('myCards')}
        </h2>
        {cards.data && cards.data.length > 0 && (
          <AppLink href="/pages/card/index" className="cw-home-more">
            {t('allCards')}
          </AppLink>
        )}
      </div>
      {cards.isPending ? (
        <div aria-busy="true">
          <PlaceholderLines lines={2} />
        </div>
      ) : cards.isError ? (
        <LoadFailed onRetry={() => void cards.refetch()} />
      ) : cards.data.length === 0 ? (
        <div className="cw-home-empty">
          <p>{t('noCards')}</p>
          <AppLink href="/pages/card/apply" className="cw-home-button cw-home-button-primary">
            {t('applyCard')}
          </AppLink>
        </div>
      ) : (
        <ul className="cw-home-cards">
          {cards.data.map((card) => {
            const balance = formatUsd(locale, card.balance);
            const status = t(`status_${card.status}`);
            return (
              <li key={card.id}>
                <AppLink href="/pages/card/index" className="cw-home-bank-card" data-brand={card.brand}>
                  <span className="cw-home-bank-card-brand">
                    {BRAND[card.brand]}
                    <span className="cw-visually-hidden"> {t('cardKind', { type: t(`type_${card.type}`) })}</span>
                  </span>
                  <span className="cw-home-bank-card-number" dir="ltr">
                    {card.maskedNumber}
                  </span>
                  <span className="cw-home-bank-card-foot">
                    <span>{status}</span>
                    <span dir="ltr">{balance}</span>
                  </span>
                </AppLink>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useSignedInTranslation();
  return (
    <div role="alert" className="cw-home-empty">
      <p>{t('loadFailed')}</p>
      <button type="button" className="cw-home-button" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}
