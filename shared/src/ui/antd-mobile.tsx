import { createElement, use, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Locale } from '../locales';
// Self-reference on purpose: this subpath is bundled into each app, and only the package root is
// the federated singleton — a relative '../host-context' would give each app an empty HostContext.
import { useHost } from '@cardwallet/shared';

/**
 * antd-mobile is bundled by every app separately (sharing it through Module Federation would
 * ship the whole library, not tree-shaken). Each copy keeps its own config, so each app wires its
 * own copy with this helper: the React 19 shim for imperative Toast/Dialog, and the locale for
 * both declarative (ConfigProvider) and imperative (setDefaultConfig) components.
 */
export interface AntdMobileBindings<TLocale> {
  ConfigProvider: ComponentType<{ locale?: TLocale; children?: ReactNode }>;
  setDefaultConfig: (config: { locale: TLocale }) => void;
  unstableSetRender: (
    render: (node: ReactNode, container: Element | DocumentFragment) => () => Promise<void>,
  ) => unknown;
  /** Locales at hand; a language missing here is fetched with `loadLocale` (the page suspends once). */
  locales: Partial<Record<Locale, TLocale>>;
  loadLocale?: (language: Locale) => Promise<TLocale>;
  /** The current language; defaults to the host's. */
  useLanguage?: () => Locale;
}

const roots = new WeakMap<Element | DocumentFragment, ReturnType<typeof createRoot>>();

/** The render function of antd-mobile's official "v5 for React 19" guide. */
export function reactRootRender(node: ReactNode, container: Element | DocumentFragment): () => Promise<void> {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
}

function useHostLanguage(): Locale {
  return useHost().i18n.useLanguage();
}

/** Returns the Provider a FeatureApp (or the shell) wraps its pages in. */
export function createAntdMobileProvider<TLocale>(
  bindings: AntdMobileBindings<TLocale>,
): ComponentType<{ children: ReactNode }> {
  bindings.unstableSetRender(reactRootRender);
  let applied: TLocale | undefined;
  const useLanguage = bindings.useLanguage ?? useHostLanguage;
  const loading = new Map<Locale, Promise<TLocale>>();
  const useLocaleOf = (language: Locale): TLocale => {
    const ready = bindings.locales[language];
    if (ready !== undefined || !bindings.loadLocale) return ready as TLocale;
    let promise = loading.get(language);
    if (!promise) {
      promise = bindings.loadLocale(language).then((locale) => {
        bindings.locales[language] = locale;
        return locale;
      });
      loading.set(language, promise);
    }
    return use(promise);
  };
  function AntdMobileProvider({ children }: { children: ReactNode }) {
    const language = useLanguage();
    const locale = useLocaleOf(language);
    // During render, not in an effect: children's mount effects (which run first) may already
    // open an imperative Toast/Dialog, and it must speak the current language.
    if (applied !== locale) {
      bindings.setDefaultConfig({ locale });
      applied = locale;
    }
    return createElement(bindings.ConfigProvider, { locale }, children);
  }
  return AntdMobileProvider;
}
