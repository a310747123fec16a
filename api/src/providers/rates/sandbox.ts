import type { WalletCurrency } from '@cardwallet/shared/schemas';
import { Money } from '../../ledger/money';
import type { RateProvider } from './types';

const BASE_USD: Record<WalletCurrency, string> = {
  USD: '1',
  USDT: '1',
  USDC: '1',
  BTC: '65000',
  ETH: '3200',
};

/**
 * Sandbox market: stablecoins at par, BTC and ETH drifting by up to ±0.5 % in 10-second steps
 * (deterministic from the clock, integer arithmetic — no floats), overridable for tests.
 */
export class SandboxRates implements RateProvider {
  readonly name = 'sandbox';
  private readonly overrides = new Map<WalletCurrency, string>();
  private readonly fiatOverrides = new Map<'CNY', string>();

  constructor(
    readonly spread = '0.005',
    private readonly now: () => number = Date.now,
  ) {}

  set(currency: WalletCurrency, usd: string): void {
    this.overrides.set(currency, usd);
  }

  clear(): void {
    this.overrides.clear();
  }

  /** CNY per USD around 7.10, drifting by up to ±0.2 % in 10-second steps (WeChat Pay quotes, issue 27). */
  async fiatPerUsd(currency: 'CNY'): Promise<string> {
    const fixed = this.fiatOverrides.get(currency);
    if (fixed) return fixed;
    const step = Math.floor(this.now() / 10_000);
    const basisPoints = ((step * 7919 + 29) % 41) - 20; // -20..20
    return new Money('7.10')
      .times(new Money(10_000 + basisPoints).div(10_000))
      .toDecimalPlaces(4)
      .toFixed();
  }

  setFiat(currency: 'CNY', perUsd: string): void {
    this.fiatOverrides.set(currency, perUsd);
  }

  async usdMid(currency: WalletCurrency): Promise<string> {
    const fixed = this.overrides.get(currency);
    if (fixed) return fixed;
    const base = new Money(BASE_USD[currency]);
    if (currency === 'USD' || currency === 'USDT' || currency === 'USDC') return base.toFixed();
    const step = Math.floor(this.now() / 10_000);
    const basisPoints = ((step * 7919 + (currency === 'BTC' ? 13 : 71)) % 101) - 50; // -50..50
    return base
      .times(new Money(10_000 + basisPoints).div(10_000))
      .toDecimalPlaces(2)
      .toFixed();
  }
}
