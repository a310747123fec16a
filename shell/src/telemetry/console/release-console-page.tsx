import { useMemo, useState } from 'react';
import { useHost } from '@cardwallet/shared';
import { consoleApi } from './console-api';
import { ReleaseConsole } from './release-console';

/** /pages/index/releases — the release console (admin session, en-US only; see release-console.tsx). */
export default function ReleaseConsolePage() {
  const host = useHost();
  const [token, setToken] = useState<string | undefined>();
  const api = useMemo(() => consoleApi(host.apiBaseUrl(), () => token), [host, token]);
  return (
    <div lang="en-US" dir="ltr">
      <ReleaseConsole api={api} token={token} onSignedIn={setToken} />
    </div>
  );
}
