import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import {
  COOL_OFF_HOURS,
  SPENDING_CATEGORIES,
  type CardSpendingControls,
  type SpendingCategory,
} from '@cardwallet/shared/schemas';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useChangeSpendingControls } from '../api/change-spending-controls';
import { useSpendingControls } from '../api/get-spending-controls';
import { LimitForm } from '../components/limit-form';

const TOGGLES = ['online', 'contactless', 'atm', 'magstripe'] as const;

/**
 * `/pages/card/spending-controls?cardId=…` (docs/cards.md "Spending controls"): where the card can be
 * used (online, contactless, ATM, magnetic stripe), merchant categories blocked with a cool-off for
 * lifting the block, and the card's own monthly limit. Each change applies at the next authorisation.
 */
export default function SpendingControlsPage() {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const cardId = useQueryParam('cardId');
  const controls = useSpendingControls(cardId);
  useEffect(() => {
    if (!cardId) navigation.redirect('/pages/card/list');
  }, [cardId, navigation]);
  if (!cardId || controls.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (controls.isError) return <LoadError error={controls.error} retry={() => void controls.refetch()} />;
  return (
    <main className="card-page card-controls">
      <Toggles controls={controls.data} />
      <Categories controls={controls.data} />
      <LimitForm controls={controls.data} />
    </main>
  );
}

function Toggles({ controls }: { controls: CardSpendingControls }) {
  const { t } = useTranslation('card');
  const change = useChangeSpendingControls(controls.cardId);
  return (
    <section aria-labelledby="card-toggles-title">
      <h2 id="card-toggles-title" className="cw-section-title">
        {t('controls.whereTitle')}
      </h2>
      <ul className="card-controls-list">
        {TOGGLES.map((key) => (
          <li key={key}>
            <label className="card-controls-switch">
              <span>
                <span className="card-controls-name">{t(`controls.${key}`)}</span>
                <span className="card-fine-print">{t(`controls.${key}Hint`)}</span>
              </span>
              <input
                type="checkbox"
                role="switch"
                checked={controls[key]}
                disabled={change.isPending}
                onChange={(e) => change.mutate({ kind: 'set', cardId: controls.cardId, [key]: e.target.checked })}
              />
            </label>
          </li>
        ))}
      </ul>
      {change.error ? (
        <p role="alert" className="cw-form-alert">
          {apiErrorMessage(change.error, t)}
        </p>
      ) : null}
    </section>
  );
}

function Categories({ controls }: { controls: CardSpendingControls }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const change = useChangeSpendingControls(controls.cardId);
  const [coolOff, setCoolOff] = useState<Record<string, number>>({});
  const [busy, setBusy] = useState<SpendingCategory | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const act = (category: SpendingCategory, run: () => Promise<unknown>) => {
    setBusy(category);
    void run()
      .catch(() => undefined)
      .finally(() => setBusy(null));
  };
  return (
    <section aria-labelledby="card-categories-title">
      <h2 id="card-categories-title" className="cw-section-title">
        {t('controls.categoriesTitle')}
      </h2>
      <p className="card-fine-print">{t('controls.categoriesHint')}</p>
      <ul className="card-controls-list">
        {SPENDING_CATEGORIES.map((category) => {
          const block = controls.blocks.find((b) => b.category === category);
          const name = t(`controls.category.${category}`);
          return (
            <li key={category} className="card-controls-category">
              <div>
                <span className="card-controls-name">{name}</span>
                <span className="card-fine-print">
                  {!block
                    ? t('controls.allowed')
                    : block.liftsAt
                      ? t('controls.liftsAt', { when: when(block.liftsAt) })
                      : t('controls.blocked', { hours: t(`controls.coolOff.h${block.coolOffHours}`) })}
                </span>
              </div>
              {!block || block.liftsAt ? (
                <div className="card-controls-block">
                  <label>
                    <span>{t('controls.coolOffLabel', { category: name })}</span>
                    <select
                      value={coolOff[category] ?? 48}
                      onChange={(e) => setCoolOff({ ...coolOff, [category]: Number(e.target.value) })}
                    >
                      {COOL_OFF_HOURS.map((h) => (
                        <option key={h} value={h}>
                          {t(`controls.coolOff.h${h}`)}
                        </option>
                      ))}
                    </select>
                  </label>
                  <Button
                    size="small"
                    loading={busy === category}
                    disabled={busy !== null}
                    aria-label={t('controls.blockNamed', { category: name })}
                    onClick={() =>
                      act(category, () =>
                        change.mutateAsync({
                          kind: 'block',
                          cardId: controls.cardId,
                          category,
                          coolOffHours: coolOff[category] ?? 48,
                        }),
                      )
                    }
                  >
                    {t('controls.block')}
                  </Button>
                </div>
              ) : (
                <Button
                  size="small"
                  loading={busy === category}
                  disabled={busy !== null}
                  aria-label={t('controls.unblockNamed', { category: name })}
                  onClick={() =>
                    act(category, () => change.mutateAsync({ kind: 'unblock', cardId: controls.cardId, category }))
                  }
                >
                  {t('controls.unblock')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {change.error ? (
        <p role="alert" className="cw-form-alert">
          {apiErrorMessage(change.error, t)}
        </p>
      ) : null}
    </section>
  );
}
