import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLiveEvents } from '@cardwallet/shared';
import type { ThreeDsChallenge } from '@cardwallet/shared/schemas';
import { LoadError, PageSkeleton } from '../../../components/page-state';
import { useQueryParam } from '../../../lib/use-query-param';
import { useChallenge } from '../api/get-challenge';
import { usePendingChallenges } from '../api/get-pending-challenges';
import { ThreeDsSheet } from '../components/three-ds-sheet';

/**
 * `/pages/card/three-ds?id=…` (the message's link): one challenge, answered here; without `id` the
 * challenges still waiting. The same sheet is shown over any page by the shell (ThreeDsOverlay).
 */
export default function ThreeDsPage() {
  const { t } = useTranslation('card');
  const id = useQueryParam('id');
  const one = useChallenge(id);
  const pending = usePendingChallenges();
  useLiveEvents(['cards.threeds_', 'cards.transaction_'], () => {
    void pending.refetch();
    if (id) void one.refetch();
  });
  if (id) {
    if (one.isPending) return <PageSkeleton label={t('common.loading')} />;
    if (one.isError) return <LoadError error={one.error} retry={() => void one.refetch()} />;
    return (
      <main className="card-page">
        <ThreeDsSheet challenge={one.data} onDone={() => void pending.refetch()} />
      </main>
    );
  }
  if (pending.isPending) return <PageSkeleton label={t('common.loading')} />;
  if (pending.isError) return <LoadError error={pending.error} retry={() => void pending.refetch()} />;
  return (
    <main className="card-page">
      {pending.data.length === 0 ? (
        <div className="card-empty">
          <h2 className="cw-section-title">{t('threeDs.emptyTitle')}</h2>
          <p className="card-fine-print">{t('threeDs.emptyBody')}</p>
        </div>
      ) : (
        pending.data.map((c) => <ThreeDsSheet key={c.id} challenge={c} onDone={() => undefined} />)
      )}
    </main>
  );
}

/** How long the outcome stays on the sheet before it closes by itself. */
const RESULT_SECONDS = 3;

/**
 * Shown by the shell over whatever page is open when the live stream reports a challenge
 * (`cards.threeds_challenge`): a modal sheet with the oldest waiting challenge. "Later" hides it (the
 * message and `/pages/card/three-ds` still lead to it); after an answer the outcome shows briefly.
 * `onIdle` tells the shell there is nothing (more) to show.
 */
export function ThreeDsOverlay({ onIdle }: { onIdle: () => void }) {
  const { t } = useTranslation('card');
  const pending = usePendingChallenges();
  const [hidden, setHidden] = useState<Set<string>>(() => new Set());
  const [finished, setFinished] = useState<ThreeDsChallenge | null>(null);
  useLiveEvents(['cards.threeds_', 'live.connected'], () => void pending.refetch());
  // While an answer is on its way the sheet stays, whatever the refetched list says.
  const answering = useIsMutating({ mutationKey: ['card', 'threeDs', 'answer'] }) > 0;
  const current = finished ?? pending.data?.find((c) => !hidden.has(c.id)) ?? null;

  useEffect(() => {
    if (!finished) return;
    const timer = setTimeout(() => {
      setFinished(null);
      void pending.refetch();
    }, RESULT_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [finished, pending]);
  useEffect(() => {
    if (pending.isSuccess && !current && !answering) onIdle();
  }, [pending.isSuccess, current, answering, onIdle]);

  if (!current) return null;
  return (
    <div className="card-threeds-overlay">
      <div role="dialog" aria-modal="true" aria-label={t('threeDs.title')} className="card-threeds-dialog">
        <ThreeDsSheet key={current.id} challenge={current} onDone={(final) => setFinished(final)} />
        {current.status === 'pending' && !finished ? (
          <Button fill="none" block onClick={() => setHidden((h) => new Set(h).add(current.id))}>
            {t('threeDs.later')}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
