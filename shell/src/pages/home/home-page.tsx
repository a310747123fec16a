import { lazy, Suspense } from 'react';
import type { Locale } from '@cardwallet/shared';
import { useHost } from '@cardwallet/shared';
import { DrawnTotal } from './components/balance-figures';
import { PlaceholderLines } from './components/placeholder-lines';
import { QuickActions } from './components/quick-actions';
import { SignedOutHome } from './components/signed-out-home';
import { Tip3ds } from './components/tip-3ds';
import { useHomeTranslation } from './i18n';
import { loadSignedInTexts, useSignedInTextsReady } from './i18n/signed-in';
import { keepServerTotalFor, serverTotal } from './server-total';
import './home.css';

// Everything a signed-in customer sees is its own chunk: the signed-out first paint does not pay for it.
const SignedInHome = lazy(() => import(/* webpackChunkName: "home-signed-in" */ './signed-in-home'));

/** Home tab (spec §2 index/index, no nav bar; pull-to-refresh comes from the page frame). */
export default function HomePage() {
  const { t, i18n } = useHomeTranslation();
  const { isLoggedIn, userId } = useHost().session.useSession();
  // Signed out, or another customer since: a total drawn for a session is not this visitor's.
  keepServerTotalFor(isLoggedIn, userId);
  // Its texts (one language) load in parallel with the signed-in chunk, not after it.
  if (isLoggedIn) loadSignedInTexts(i18n, i18n.language as Locale).catch(() => undefined);
  return (
    <main className="cw-home">
      <header className="cw-home-header">
        <h1>{t('appName', { ns: 'shell' })}</h1>
        <p>{t('welcome')}</p>
      </header>
      <Tip3ds />
      {isLoggedIn ? (
        <SignedInPart />
      ) : (
        <>
          <SignedOutHome />
          <QuickActions />
        </>
      )}
    </main>
  );
}

function SignedInPart() {
  const { t, i18n } = useHomeTranslation();
  const texts = useSignedInTextsReady(i18n);
  if (texts.failed) {
    return (
      <div role="alert" className="cw-home-card">
        <p>{t('page.loadFailed', { ns: 'shell' })}</p>
        <button type="button" className="cw-home-button" onClick={texts.retry}>
          {t('page.retry', { ns: 'shell' })}
        </button>
      </div>
    );
  }
  if (!texts.ready) return <SignedInSkeleton />;
  return (
    <Suspense fallback={<SignedInSkeleton />}>
      <SignedInHome />
    </Suspense>
  );
}

function SignedInSkeleton() {
  // The total the page's HTML drew for this session stays on screen while the rest arrives.
  if (serverTotal()) return <DrawnTotal />;
  return (
    // Plain CSS placeholders: the signed-out page chunk carries no skeleton component.
    <div className="cw-home-balance" aria-busy="true" data-testid="home-balance-skeleton">
      <PlaceholderLines lines={2} title dark />
    </div>
  );
}
