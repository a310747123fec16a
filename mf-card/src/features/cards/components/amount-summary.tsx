import { List } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import { useTranslation } from 'react-i18next';
import { formatUsd } from '../../../lib/money';

/** What a money movement will cost, shown before confirming (`text` rows: a destination, an amount in another currency). */
export function AmountSummary({ rows }: { rows: Array<{ label: string; amount: string | null; text?: string }> }) {
  const { t } = useTranslation('card');
  const locale = useHost().i18n.useLanguage();
  return (
    <List header={t('amount.summary')} aria-live="polite">
      {rows.map((r) => (
        <List.Item
          key={r.label}
          extra={<span className="cw-ltr">{r.text ?? (r.amount === null ? '—' : formatUsd(r.amount, locale))}</span>}
        >
          {r.label}
        </List.Item>
      ))}
    </List>
  );
}
