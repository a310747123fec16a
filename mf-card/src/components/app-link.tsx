import type { ReactNode } from 'react';
import { useHost } from '@cardwallet/shared';

/** A real link (role, href, open-in-new-tab) that navigates through the host's page stack. */
export function AppLink({ to, children, className }: { to: string; children: ReactNode; className?: string }) {
  const { navigation } = useHost();
  return (
    <a
      href={to}
      className={className ?? 'card-link'}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        navigation.navigate(to);
      }}
    >
      {children}
    </a>
  );
}
