import type { CardSummary } from '@cardwallet/shared/schemas';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/money';

/** One card as a card face: brand, type, status, masked number (last four only) and balance. */
export function CardTile({ card }: { card: CardSummary }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const label = t('tile.label', { brand: t(`brand.${card.brand}`), type: t(`type.${card.type}`), last4: card.last4 });
  return (
    <article className={`card-tile card-tile--${card.brand}`} aria-label={label}>
      <div className="card-tile-row">
        <span className="card-tile-brand">{t(`brand.${card.brand}`)}</span>
        <span className={`card-status card-status--${card.status}`}>{t(`status.${card.status}`)}</span>
      </div>
      <p className="card-tile-number cw-ltr">{card.maskedNumber}</p>
      <div className="card-tile-row">
        <span>
          {t(`type.${card.type}`)} · {t(`tier.${card.tier}`)}
        </span>
        <span className="card-tile-balance cw-ltr">{formatUsd(card.balance, locale)}</span>
      </div>
      {card.shippingStatus ? <p className="card-tile-shipping">{t(`shipping.${card.shippingStatus}`)}</p> : null}
    </article>
  );
}
