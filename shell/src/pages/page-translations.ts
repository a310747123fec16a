import { useTranslation } from 'react-i18next';
import type { Locale } from '@cardwallet/shared';

/**
 * Texts of a shell page group that travel with its lazily loaded chunk rather than with the shell's
 * start-up bundle (so the home page does not grow): added to i18next the first time a page of the
 * group renders. Titles stay in the shell's own catalogue (the nav bar shows them before the chunk).
 */
export function usePageTranslation(namespace: string, resources: Record<Locale, object>) {
  const translation = useTranslation(namespace);
  const { i18n } = translation;
  for (const [locale, bundle] of Object.entries(resources)) {
    // Silent: this runs during render, and "added" re-renders every translated component.
    if (!i18n.hasResourceBundle(locale, namespace))
      i18n.addResourceBundle(locale, namespace, bundle, false, false, { silent: true, skipCopy: false });
  }
  return translation;
}
