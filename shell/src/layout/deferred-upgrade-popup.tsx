import { lazy, Suspense, useEffect, useState } from 'react';
import { afterFirstScreen } from '../services/first-screen';

// The upgrade check (an API call with react-query and axios behind it) is not part of the first
// screen: its chunk loads once the first page is on screen and the browser is idle (issue 24), 2 s after that at most.
const UpgradePopup = lazy(() => import(/* webpackChunkName: "upgrade-popup" */ './upgrade-popup'));

export const UPGRADE_CHECK_MAX_DELAY_MS = 2_000;

export function DeferredUpgradePopup() {
  const [due, setDue] = useState(false);
  useEffect(() => afterFirstScreen(() => setDue(true), UPGRADE_CHECK_MAX_DELAY_MS), []);
  if (!due) return null;
  return (
    <Suspense fallback={null}>
      <UpgradePopup />
    </Suspense>
  );
}
