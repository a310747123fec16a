/**
 * A USD amount as every surface shows it: the wallet's pages (mf-wallet lib/format.ts) and the
 * server-drawn figures of a page's first response (api/src/web/first-view.ts), so the amount the
 * HTML paints is the one React paints over it. The decimal string goes to Intl.NumberFormat as a
 * string: formatted exactly, never through a float. Latin digits in every language: amounts are
 * compared with statements and explorers.
 */
export function formatUsd(locale: string, amount: string, options: { sign?: boolean } = {}): string {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: 'USD',
    signDisplay: options.sign ? 'exceptZero' : 'auto',
    numberingSystem: 'latn',
  }).format(amount as unknown as number);
}
