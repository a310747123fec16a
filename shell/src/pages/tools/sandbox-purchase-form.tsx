import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError, useHost } from '@cardwallet/shared';
import { AmountField, amountSchema } from '@cardwallet/shared/forms';
import { formatDecimal } from '@cardwallet/shared/money';
import { useToolsTranslation } from './i18n';

interface CardRow {
  id: string;
  brand: 'visa' | 'mastercard';
  last4: string | null;
  status: string;
}
interface PurchaseResult {
  transactionId: string;
  approved: boolean;
  declineReason: string | null;
  challengeId?: string | null;
}

/** How the card is used (issue 23): an online purchase may need the customer's 3-D Secure answer. */
const CHANNELS = ['chip', 'online', 'contactless', 'magstripe', 'atm'] as const;
const RISKS = ['low', 'normal', 'high'] as const;
/** Merchant category codes the sandbox network sends (a few per blockable category). */
const MCCS = ['5814', '5411', '7995', '6051', '4511', '7011', '5967', '5921', '6011'] as const;

/** What the sandbox network takes (devCardPurchaseBody: up to 9 integer digits, 2 decimals). */
const PURCHASE_LIMITS = { maximum: '999999999.99' };

/**
 * Sandbox merchant simulator (issue 10): a purchase on one of the signed-in customer's cards through
 * the sandbox issuer — authorised or declined by it, optionally captured at once — which reaches the
 * statement as the issuer's signed webhook, exactly as a real purchase would.
 */
export function SandboxPurchaseForm() {
  const { t } = useToolsTranslation();
  const { t: tc } = useTranslation('common');
  const host = useHost();
  const locale = host.i18n.useLanguage();
  // The amount as typed in the page's locale ("12,50" in tr-TR); the request carries the figure read.
  const form = useForm<{ amount: string }>({
    mode: 'onTouched',
    defaultValues: { amount: formatDecimal(locale, '12.5', { minimumDecimals: 2, grouping: false }) },
  });
  const cards = useQuery({
    queryKey: ['shell', 'sandbox-cards'],
    queryFn: () => host.http.get<{ cards: CardRow[] }>('card/list'),
    select: (d) => d.cards.filter((c) => c.last4),
  });
  const [cardId, setCardId] = useState('');
  const [merchant, setMerchant] = useState('Sandbox Coffee');
  const [capture, setCapture] = useState(true);
  const [channel, setChannel] = useState<(typeof CHANNELS)[number]>('chip');
  const [risk, setRisk] = useState<(typeof RISKS)[number]>('normal');
  const [mcc, setMcc] = useState<(typeof MCCS)[number]>('5814');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = cardId || cards.data?.[0]?.id || '';

  const submit = async () => {
    const read = amountSchema(tc, locale, { currency: 'USD', limits: PURCHASE_LIMITS }).safeParse(
      form.getValues('amount'),
    );
    if (!read.success) {
      form.setError('amount', { type: 'validate', message: read.error.issues[0]?.message }, { shouldFocus: true });
      return;
    }
    const amount = read.data;
    setBusy(true);
    setNote('');
    try {
      const result = await host.http.post<PurchaseResult>('dev/cards/purchase', {
        cardId: chosen,
        amount,
        merchant: merchant.trim() || 'Sandbox Coffee',
        then: capture ? 'clear' : 'none',
        channel,
        risk,
        mcc,
      });
      setNote(
        result.challengeId
          ? t('purchaseChallenge')
          : result.approved
            ? t(capture ? 'purchaseCompleted' : 'purchaseAuthorised')
            : t('purchaseDeclined', { reason: result.declineReason ?? '' }),
      );
    } catch (error) {
      setNote(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (cards.isPending) return null;
  if (!cards.data?.length) return <p>{t('purchaseNoCard')}</p>;
  return (
    <form
      className="cw-sandbox-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      aria-labelledby="sandbox-purchase-title"
    >
      <h3 id="sandbox-purchase-title">{t('purchaseTitle')}</h3>
      <label>
        {t('purchaseCard')}
        <select value={chosen} onChange={(e) => setCardId(e.target.value)}>
          {cards.data.map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.brand === 'visa' ? 'Visa' : 'Mastercard'} •••• ${c.last4}`}
            </option>
          ))}
        </select>
      </label>
      <AmountField
        control={form.control}
        name="amount"
        label={t('purchaseAmount')}
        currency="USD"
        limits={PURCHASE_LIMITS}
        required
      />
      <label>
        {t('purchaseMerchant')}
        <input value={merchant} maxLength={60} onChange={(e) => setMerchant(e.target.value)} />
      </label>
      <label>
        {t('purchaseChannel')}
        <select value={channel} onChange={(e) => setChannel(e.target.value as (typeof CHANNELS)[number])}>
          {CHANNELS.map((c) => (
            <option key={c} value={c}>
              {t(`purchaseChannel_${c}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('purchaseRisk')}
        <select value={risk} onChange={(e) => setRisk(e.target.value as (typeof RISKS)[number])}>
          {RISKS.map((r) => (
            <option key={r} value={r}>
              {t(`purchaseRisk_${r}`)}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('purchaseMcc')}
        <select value={mcc} onChange={(e) => setMcc(e.target.value as (typeof MCCS)[number])}>
          {MCCS.map((m) => (
            <option key={m} value={m}>
              {`${m} · ${t(`purchaseMcc_${m}`)}`}
            </option>
          ))}
        </select>
      </label>
      <label className="cw-sandbox-check">
        <input type="checkbox" checked={capture} onChange={(e) => setCapture(e.target.checked)} />
        {t('purchaseCapture')}
      </label>
      <Button block color="primary" type="submit" loading={busy} disabled={busy}>
        {t('purchaseSubmit')}
      </Button>
      {note && <p role="status">{note}</p>}
    </form>
  );
}
