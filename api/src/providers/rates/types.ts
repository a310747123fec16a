import type { WalletCurrency } from '@cardwallet/shared/schemas';

export class RateProviderError extends Error {
  override readonly name = 'RateProviderError';
}

/** Prices every currency in USD. Quotes apply a spread on top (see ../../modules/wallet/exchange). */
export interface RateProvider {
  readonly name: string;
  /** Mid price of one unit in USD, decimal string. */
  usdMid(currency: WalletCurrency): Promise<string>;
  /** Fraction taken from every conversion, e.g. '0.005' = 0.5 %. */
  readonly spread: string;
  /** Mid price of one USD in a fiat currency (WeChat Pay's CNY, issue 27), decimal string. */
  fiatPerUsd?(currency: 'CNY'): Promise<string>;
}
