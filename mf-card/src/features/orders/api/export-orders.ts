import { useMutation } from '@tanstack/react-query';
import { useHost, type HttpClient } from '@cardwallet/shared';

export interface ExportPeriod {
  from: string;
  to: string;
  cardId?: string;
}

/** GET card/orders/export — the CSV of a period, saved as a file. */
export async function exportOrders(http: HttpClient, period: ExportPeriod): Promise<void> {
  const params: Record<string, string> = { from: period.from, to: period.to };
  if (period.cardId) params.cardId = period.cardId;
  const blob = await http.download('card/orders/export', { params, prompt: false });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `card-statement-${period.from}-${period.to}.csv`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

export function useExportOrders() {
  const { http } = useHost();
  return useMutation({
    mutationKey: ['card', 'orders', 'export'],
    mutationFn: (p: ExportPeriod) => exportOrders(http, p),
  });
}
