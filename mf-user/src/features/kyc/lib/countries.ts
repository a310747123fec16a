import { KYC_COUNTRIES } from '@cardwallet/shared/schemas';

const cache = new Map<string, Intl.DisplayNames>();

/** A country's name in the customer's language (Intl.DisplayNames), the code when unknown. */
export function countryName(code: string, locale: string): string {
  let names = cache.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale, 'en'], { type: 'region' });
    cache.set(locale, names);
  }
  return names.of(code) ?? code;
}

/** The accepted countries sorted by their localised name. */
export function localisedCountries(locale: string): { code: string; name: string }[] {
  const collator = new Intl.Collator(locale);
  return KYC_COUNTRIES.map((code) => ({ code, name: countryName(code, locale) })).sort((a, b) =>
    collator.compare(a.name, b.name),
  );
}

/** Case- and accent-insensitive match on the name or the code. */
export function matchesCountry(country: { code: string; name: string }, query: string, locale: string): boolean {
  const q = query.trim();
  if (!q) return true;
  const fold = (s: string) => s.toLocaleLowerCase(locale).normalize('NFD').replace(/\p{M}/gu, '');
  return fold(country.name).includes(fold(q)) || country.code.toLowerCase() === q.toLowerCase();
}
