import type { ReactNode } from 'react';
import ErrorBlock from 'antd-mobile/es/components/error-block';

/** Nothing to show yet — and what to do about it. */
export function EmptyState({ title, description, action }: { title: string; description: string; action?: ReactNode }) {
  return (
    <div className="share-state">
      <ErrorBlock status="empty" title={title} description={description} />
      {action}
    </div>
  );
}
