import type { ReactNode } from 'react';
import List from 'antd-mobile/es/components/list';
// By package name, not '../host-context': in a remote's bundle that resolves to the Module Federation
// singleton the shell provides, so the context is the shell's.
import { useHost } from '@cardwallet/shared';

/**
 * A list row that opens a page. antd-mobile's clickable List.Item is an <a> without href — not
 * reachable by keyboard and not announced as a link (WCAG 2.1.1) — so the row holds a real link whose
 * hit area is stretched over the whole row (theme.css `.cw-nav-item`), and navigation goes through
 * the host.
 */
export function NavListItem({
  to,
  extra,
  prefix,
  description,
  children,
}: {
  to: string;
  extra?: ReactNode;
  prefix?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  const { navigation } = useHost();
  return (
    <List.Item arrowIcon extra={extra} prefix={prefix} description={description} className="cw-nav-item">
      <a
        href={to}
        className="cw-stretched-link"
        onClick={(event) => {
          event.preventDefault();
          navigation.navigate(to);
        }}
      >
        {children}
      </a>
    </List.Item>
  );
}
