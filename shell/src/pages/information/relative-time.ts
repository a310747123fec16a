import { RELATIVE_TIME_JUST_NOW_MINUTES, RELATIVE_TIME_MAX_DAYS, type Locale } from '@cardwallet/shared';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Spec §9: "just now" under 5 minutes, then minutes, hours, days under 30, then the date — in the
 * reader's language (Intl.RelativeTimeFormat / DateTimeFormat).
 */
export function relativeTime(iso: string, locale: Locale, justNow: string, now: number = Date.now()): string {
  const at = new Date(iso).getTime();
  const ago = Math.max(0, now - at);
  if (ago < RELATIVE_TIME_JUST_NOW_MINUTES * MINUTE) return justNow;
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < RELATIVE_TIME_MAX_DAYS * DAY) return rtf.format(-Math.floor(ago / DAY), 'day');
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(at);
}
