import { useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError, useHost, type Locale } from '@cardwallet/shared';
import { usePageTranslation } from '../page-translations';
import enUS from './dispute-desk-i18n/en-US.json';
import zhHK from './dispute-desk-i18n/zh-HK.json';
import arAE from './dispute-desk-i18n/ar-AE.json';
import trTR from './dispute-desk-i18n/tr-TR.json';

const resources: Record<Locale, object> = { 'en-US': enUS, 'zh-HK': zhHK, 'ar-AE': arAE, 'tr-TR': trTR };
const OPEN = new Set(['submitted', 'under_review', 'provisional_credit']);

interface DisputeRow {
  id: string;
  merchant: string;
  amount: string;
  status: string;
}

/**
 * The sandbox issuer's dispute desk (issue 23): choose how it decides (won / lost, and why), and move
 * the signed-in customer's open disputes one step — each step reaches the app as the issuer's signed
 * webhook (under review → provisional credit → won / lost), exactly as a real issuer's would.
 */
export function SandboxDisputeDesk() {
  const { t } = usePageTranslation('tools-disputes', resources);
  const host = useHost();
  const queryClient = useQueryClient();
  const disputes = useQuery({
    queryKey: ['shell', 'sandbox-disputes'],
    queryFn: () => host.http.get<{ data: DisputeRow[] }>('card/dispute/list', { page: 1, per_page: 100 }),
    select: (d) => d.data.filter((x) => OPEN.has(x.status)),
  });
  const [outcome, setOutcome] = useState<'won' | 'lost'>('won');
  const [reason, setReason] = useState('');
  const [which, setWhich] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');

  const advance = async () => {
    setBusy(true);
    setNote('');
    try {
      await host.http.post('dev/cards/disputes/outcome', {
        outcome,
        ...(outcome === 'lost' && reason.trim() ? { reason: reason.trim() } : {}),
      });
      const ids = which ? [which] : (disputes.data ?? []).map((d) => d.id);
      let moved = 0;
      // One at a time, at most the customer's open disputes (≤ 100).
      for (const disputeId of ids.slice(0, 100))
        moved += (await host.http.post<{ advanced: number }>('dev/cards/disputes/advance', { disputeId })).advanced;
      setNote(t('moved', { count: moved }));
      await queryClient.invalidateQueries({ queryKey: ['shell', 'sandbox-disputes'] });
    } catch (error) {
      setNote(isApiError(error) ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };

  if (disputes.isPending) return null;
  return (
    <form
      className="cw-sandbox-form"
      aria-labelledby="sandbox-disputes-title"
      onSubmit={(e) => {
        e.preventDefault();
        void advance();
      }}
    >
      <h3 id="sandbox-disputes-title">{t('title')}</h3>
      <fieldset className="cw-sandbox-fieldset">
        <legend>{t('outcome')}</legend>
        {(['won', 'lost'] as const).map((o) => (
          <label key={o} className="cw-sandbox-check">
            <input type="radio" name="sandbox-dispute-outcome" checked={outcome === o} onChange={() => setOutcome(o)} />
            {t(o)}
          </label>
        ))}
      </fieldset>
      {outcome === 'lost' && (
        <label>
          {t('reason')}
          <input value={reason} maxLength={200} onChange={(e) => setReason(e.target.value)} />
        </label>
      )}
      {disputes.data?.length ? (
        <>
          <label>
            {t('dispute')}
            <select value={which} onChange={(e) => setWhich(e.target.value)}>
              <option value="">{t('allMine')}</option>
              {disputes.data.map((d) => (
                <option key={d.id} value={d.id}>
                  {`${d.merchant} · ${d.amount} USD · ${d.status}`}
                </option>
              ))}
            </select>
          </label>
          <Button block color="primary" type="submit" loading={busy} disabled={busy}>
            {t('advance')}
          </Button>
        </>
      ) : (
        <p>{t('none')}</p>
      )}
      {note && <p role="status">{note}</p>}
    </form>
  );
}
