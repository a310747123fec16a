import type { ReactNode } from 'react';
import { List } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';

/**
 * A list row that opens a page. antd-mobile's clickable List.Item is an <a> without href — not
 * reachable by keyboard and not announced as a link — so the row holds a real link whose hit area
 * is stretched over the whole row (user.css), and navigation goes through the host.
 */
export function NavListItem({ to, extra, children }: { to: string; extra?: ReactNode; children: ReactNode }) {
  const { navigation } = useHost();
  return (
    <List.Item arrowIcon extra={extra} className="user-nav-item">
      <a
        href={to}
        className="user-stretched-link"
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
