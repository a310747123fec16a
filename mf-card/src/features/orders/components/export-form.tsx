import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { useExportOrders } from '../api/export-orders';

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Export a period of the statement as CSV (default: the last 30 days). */
export function ExportForm({ cardId }: { cardId: string }) {
  const { t } = useTranslation('card');
  const exporter = useExportOrders();
  const [from, setFrom] = useState(day(new Date(Date.now() - 29 * 86_400_000)));
  const [to, setTo] = useState(day(new Date()));
  return (
    <section className="card-export" aria-labelledby="card-export-title">
      <h2 id="card-export-title" className="cw-section-title">
        {t('orders.exportTitle')}
      </h2>
      <div className="card-export-fields">
        <label>
          {t('orders.from')}
          <input
            type="date"
            className="card-native-input cw-ltr"
            value={from}
            max={to}
            onChange={(e) => setFrom(e.target.value)}
            required
          />
        </label>
        <label>
          {t('orders.to')}
          <input
            type="date"
            className="card-native-input cw-ltr"
            value={to}
            min={from}
            onChange={(e) => setTo(e.target.value)}
            required
          />
        </label>
      </div>
      <Button
        block
        loading={exporter.isPending}
        disabled={exporter.isPending || !from || !to}
        onClick={() => exporter.mutate({ from, to, ...(cardId ? { cardId } : {}) })}
      >
        {t('orders.export')}
      </Button>
      <FormAlert message={exporter.isError ? apiErrorMessage(exporter.error, t) : null} />
    </section>
  );
}
