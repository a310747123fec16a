import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useHost } from '@cardwallet/shared';

/**
 * A real link (keyboard, screen readers, "open in new tab") that navigates in-app through the
 * host's navigation service on a plain click; a modified or non-primary click stays the browser's.
 */
export function AppLink({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const { navigation } = useHost();
  return (
    <a
      href={href}
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(event);
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
        navigation.navigate(href);
      }}
      {...rest}
    />
  );
}
