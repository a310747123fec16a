import { DEFAULT_LOCALE, type Locale } from '@cardwallet/shared';
import enUS from './templates/en-US.json' with { type: 'json' };
import zhHK from './templates/zh-HK.json' with { type: 'json' };
import arAE from './templates/ar-AE.json' with { type: 'json' };
import trTR from './templates/tr-TR.json' with { type: 'json' };

export interface MessageTemplate {
  title: string;
  body: string;
}
type Catalogue = Record<string, MessageTemplate>;

/** The message texts of every locale; a unit test keeps them complete with matching placeholders. */
export const MESSAGE_TEMPLATES: Record<Locale, Catalogue> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arAE,
  'tr-TR': trTR,
};

/** Parameters that are decimal amounts: formatted for the reader's locale (exactly, never via a float). */
const AMOUNT_PARAMS = new Set(['amount', 'fee', 'total']);
/** Parameters that must read left to right inside right-to-left text (addresses, hashes, codes). */
const LTR_PARAMS = new Set(['address', 'txHash', 'network', 'currency', 'last4']);
/** Parameters that are calendar months ('2026-11'): named in the reader's language ("November 2026"). */
const MONTH_PARAMS = new Set(['period']);

// First strong isolate … pop directional isolate: keeps an embedded value's own direction.
const isolate = (text: string) => `\u2068${text}\u2069`;

function formatParam(locale: Locale, name: string, value: unknown): string {
  const text = value === null || value === undefined ? '' : String(value);
  if (AMOUNT_PARAMS.has(name) && /^-?\d+(\.\d+)?$/.test(text)) {
    // Intl.NumberFormat formats a decimal STRING exactly (ES2023); no float is involved.
    const formatted = new Intl.NumberFormat(locale, { maximumFractionDigits: 18 }).format(text as unknown as number);
    return isolate(formatted);
  }
  if (MONTH_PARAMS.has(name) && /^\d{4}-(0[1-9]|1[0-2])$/.test(text)) {
    return isolate(
      new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(`${text}-01T00:00:00Z`),
      ),
    );
  }
  return LTR_PARAMS.has(name) ? isolate(text) : text;
}

/** The title and body of a stored message in `locale` (falling back to en-US). */
export function renderMessage(locale: Locale, template: string, params: Record<string, unknown>): MessageTemplate {
  const t = MESSAGE_TEMPLATES[locale][template] ?? MESSAGE_TEMPLATES[DEFAULT_LOCALE][template];
  if (!t) return { title: template, body: '' };
  const fill = (text: string) =>
    text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => formatParam(locale, name, params[name]));
  return { title: fill(t.title), body: fill(t.body) };
}
