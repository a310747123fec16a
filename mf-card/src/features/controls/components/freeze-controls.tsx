import { useState } from 'react';
import { Button, Dialog, type ButtonProps } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { CARD_WALLET_CURRENCIES, type CardSummary, type CardWalletCurrency } from '@cardwallet/shared/schemas';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { useHost } from '@cardwallet/shared';
import { formatUsd, isolate } from '../../../lib/money';
import { useCardAction } from '../api/card-action';
import { RiskUnfreezeRequest } from './risk-unfreeze-request';

const daysUntil = (iso: string, now: number) => Math.max(0, Math.ceil((new Date(iso).getTime() - now) / 86_400_000));

/**
 * Freeze / unfreeze by the customer (instant), the risk-freeze unfreeze request (once, 1 USD less an
 * unfreeze-fee coupon, after the freeze period) and closing the card — each behind a confirmation, each button showing progress.
 */
export function FreezeControls({ card }: { card: CardSummary }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  const freeze = useCardAction('freeze');
  const unfreeze = useCardAction('unfreeze');
  const close = useCardAction('close');
  const [refundCurrency, setRefundCurrency] = useState<CardWalletCurrency>('USD');
  const failure = [freeze, unfreeze, close].find((m) => m.isError)?.error;
  const balance = isolate(formatUsd(card.balance, locale));
  const refundNote =
    refundCurrency === 'USD'
      ? t('setting.closeReturnsUsd', { balance })
      : t('setting.closeReturnsCoin', { balance, currency: refundCurrency });

  const confirm = async (title: string, content: string, confirmText: string) =>
    Dialog.confirm({ title, content, confirmText, cancelText: t('common.cancel') });

  /** A control behind a confirmation: spins while it runs and cannot be pressed twice. */
  const action = (
    m: typeof freeze,
    label: string,
    title: string,
    content: string,
    look: Partial<ButtonProps> = {},
    input: Parameters<typeof m.mutate>[0] = card.id,
  ) => (
    <Button
      block
      {...look}
      loading={m.isPending}
      disabled={m.isPending}
      onClick={async () => {
        if (await confirm(title, content, label)) m.mutate(input);
      }}
    >
      {label}
    </Button>
  );

  return (
    <section className="card-controls" aria-labelledby="card-controls-title">
      <h2 id="card-controls-title" className="cw-section-title">
        {t('setting.controls')}
      </h2>
      {card.status === 'active'
        ? action(freeze, t('setting.freeze'), t('setting.freezeTitle'), t('setting.freezeBody'))
        : null}
      {card.status === 'frozen' ? (
        <>
          <p className="card-fine-print">{t('setting.frozenNote')}</p>
          {action(unfreeze, t('setting.unfreeze'), t('setting.unfreezeTitle'), t('setting.unfreezeBody'), {
            color: 'primary',
          })}
        </>
      ) : null}
      {card.status === 'risk_frozen' && card.riskFreeze ? (
        <div className="card-risk">
          <p>{t('setting.riskNote', { days: card.riskFreeze.days })}</p>
          {card.riskFreeze.unfreezeRequested ? (
            <p role="status" className="card-fine-print">
              {t('setting.unfreezeRequested')}
            </p>
          ) : daysUntil(card.riskFreeze.unfreezeFrom, Date.now()) > 0 ? (
            <p className="card-fine-print">
              {t('setting.unfreezeWait', { days: daysUntil(card.riskFreeze.unfreezeFrom, Date.now()) })}
            </p>
          ) : (
            <RiskUnfreezeRequest card={card} />
          )}
        </div>
      ) : null}
      {['active', 'frozen', 'inactivated'].includes(card.status) ? (
        <>
          {/*
            Where the balance goes and what it returns as, before the confirmation: USD always 1:1;
            a coin 1:1 only up to what came in as that coin, the rest priced as an exchange (spread) —
            the exact figure depends on the funding lots, so the page names the rule and the sure way.
          */}
          <ChoiceGroup
            legend={t('setting.closeCurrency')}
            name="close-currency"
            value={refundCurrency}
            options={CARD_WALLET_CURRENCIES.map((c) => ({ value: c, label: c }))}
            onChange={setRefundCurrency}
          />
          <p className="card-fine-print" aria-live="polite">
            {refundNote}
          </p>
          {action(
            close,
            t('setting.close'),
            t('setting.closeTitle'),
            `${t('setting.closeBody', { balance })} ${refundNote}`,
            { color: 'danger', fill: 'outline', className: 'card-danger-button' },
            { cardId: card.id, currency: refundCurrency },
          )}
        </>
      ) : null}
      <FormAlert message={failure ? apiErrorMessage(failure, t) : null} />
    </section>
  );
}
