// The shared `common` catalogue (shared/src/i18n/<locale>.json) split for the shell's build only:
// the root of @cardwallet/shared — a Module Federation singleton every page loads, the home page
// included — gets the catalogue WITHOUT its `errors` and `validation` texts (~9 KiB gzip in four
// languages, most of them the feature apps' errors) and without `messages` (e-mail/SMS texts only
// the API sends); `<locale>.json?errors` is the errors + validation part, which
// src/services/common-errors.ts loads as its own chunk, one locale at a time, when first needed.
// The rest (`<locale>.json?core`, the common words) travels in the shell's chunk of that language, so
// the root carries no catalogue at all (it carried the common words in four languages).
// The API and the unit tests read the files as they are (full catalogue).
import { fileURLToPath } from 'node:url';

const CATALOGUE = /[\\/]shared[\\/]src[\\/]i18n[\\/][A-Za-z-]+\.json$/;
const loader = fileURLToPath(new URL('./common-catalogue-loader.cjs', import.meta.url));

export function commonCatalogueRules() {
  return [
    {
      test: CATALOGUE,
      resourceQuery: /(^|[?&])errors\b/,
      type: 'json',
      use: [{ loader, options: { part: 'errors' } }],
    },
    {
      test: CATALOGUE,
      resourceQuery: /(^|[?&])core\b/,
      type: 'json',
      use: [{ loader, options: { part: 'core' } }],
    },
    {
      test: CATALOGUE,
      resourceQuery: { not: [/(^|[?&])(errors|core)\b/] },
      type: 'json',
      use: [{ loader, options: { part: 'none' } }],
    },
  ];
}

/** Wraps a preset config function: the shell's config with the catalogue rules added. */
export function withCommonCatalogueSplit(configFn) {
  return (env, argv) => {
    const config = configFn(env, argv);
    config.module.rules.push(...commonCatalogueRules());
    return config;
  };
}
