import type { Locale } from '../locales';
import { DEFAULT_LOCALE } from '../locales';
import type { TranslationTree } from '../contract';
import enUS from './en-US.json';
import zhHK from './zh-HK.json';
import arAE from './ar-AE.json';
import trTR from './tr-TR.json';

/** The shared `common` namespace: error messages, validation messages, common words. */
export const COMMON_NAMESPACE = 'common';
export const commonResources: Record<Locale, TranslationTree> = {
  'en-US': enUS,
  'zh-HK': zhHK,
  'ar-AE': arAE,
  'tr-TR': trTR,
};

/** The text at a dotted key of a translation tree, if it is a string. */
export function lookupTranslation(tree: TranslationTree, key: string): string | undefined {
  let node: string | TranslationTree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Server-side translation of a `common` key ("errors.insufficient_balance", "validation.pin")
 * with `{{name}}` interpolation, falling back to en-US and then to the key itself.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const text =
    lookupTranslation(commonResources[locale], key) ?? lookupTranslation(commonResources[DEFAULT_LOCALE], key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? `{{${name}}}`));
}

export function hasTranslation(locale: Locale, key: string): boolean {
  return lookupTranslation(commonResources[locale], key) !== undefined;
}

/** Every dotted key with a text in a translation tree. */
export function translationKeys(tree: TranslationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : translationKeys(v, `${prefix}${k}.`),
  );
}

/** The `{{name}}` placeholders of a text, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}
