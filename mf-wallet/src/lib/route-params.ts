import { useSearchParams } from 'react-router';
import {
  CRYPTO_CURRENCIES,
  CURRENCY_DEFINITIONS,
  isNetworkOf,
  type CryptoCurrency,
  type WalletNetwork,
} from '@cardwallet/shared/schemas';

/**
 * The currency and network a page works on, from `?currency=&network=` (select-currency sends
 * them). Unknown or mismatched values fall back to USDT and the currency's first network, so a
 * shared or stale link still opens a working page.
 */
export function useCurrencyParams(fallback: CryptoCurrency = 'USDT'): {
  currency: CryptoCurrency;
  network: WalletNetwork;
  chosen: boolean;
} {
  const [params] = useSearchParams();
  const rawCurrency = params.get('currency');
  const chosen = (CRYPTO_CURRENCIES as readonly string[]).includes(rawCurrency ?? '');
  const currency = chosen ? (rawCurrency as CryptoCurrency) : fallback;
  const rawNetwork = params.get('network') ?? '';
  const network = isNetworkOf(currency, rawNetwork) ? rawNetwork : CURRENCY_DEFINITIONS[currency].networks[0]!;
  return { currency, network, chosen };
}

export function walletPath(page: string, query: Record<string, string | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v) q.set(k, v);
  const s = q.toString();
  return `/pages/wallet/${page}${s ? `?${s}` : ''}`;
}
