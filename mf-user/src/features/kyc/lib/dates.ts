/** A picked calendar day as `YYYY-MM-DD` (the picker gives local midnight). */
export function toIsoDay(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}
export function todayIso(): string {
  return toIsoDay(new Date());
}
/** A date for people: the customer's locale, always the calendar day given. */
export function formatDay(day: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}
