import { useCallback, useState } from 'react';
import { useHost } from '@cardwallet/shared';
import { adminSignIn, consoleApi, teamConsoleApi, type ConsoleApi } from './console-api';
import { ReleaseConsole, type ConsoleSignIn } from './release-console';

/**
 * /pages/index/releases — the release console (an admin session or a team's deploy token, en-US only;
 * see release-console.tsx). The token is kept in this page's memory only: a reload signs out.
 */
export default function ReleaseConsolePage() {
  const host = useHost();
  const [api, setApi] = useState<ConsoleApi | undefined>();
  const signIn = useCallback(
    async (who: ConsoleSignIn) => {
      const base = host.apiBaseUrl();
      if (who.kind === 'admin') {
        const { token } = await adminSignIn(base, who);
        setApi(consoleApi(base, () => token));
        return;
      }
      // A deploy token has no session to open: the team's own overview proves it (refused for another app).
      const team = teamConsoleApi(base, who.app, () => who.token);
      await team.overview();
      setApi(team);
    },
    [host],
  );
  return (
    <div lang="en-US" dir="ltr">
      <ReleaseConsole api={api} signIn={signIn} />
    </div>
  );
}
