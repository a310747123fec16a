// rspack loader: one part of a `common` catalogue file (see common-catalogue.mjs).
//   part "errors": { errors, validation } — loaded on demand;
//   part "core": the rest, minus `messages` (e-mail and SMS texts the API sends; never shown in the browser).
const ON_DEMAND = ['errors', 'validation'];
const SERVER_ONLY = ['messages'];

//   part "none": nothing — the package root's import (the federated singleton every page loads); the
//   shell loads the reader's language of "core" in its locale chunk (src/services/locale-texts.ts).
module.exports = function commonCatalogueLoader(source) {
  const { part } = this.getOptions();
  if (part === 'none') return '{}';
  const catalogue = JSON.parse(source);
  const picked = {};
  for (const [key, value] of Object.entries(catalogue)) {
    const onDemand = ON_DEMAND.includes(key);
    if (part === 'errors' ? onDemand : !onDemand && !SERVER_ONLY.includes(key)) picked[key] = value;
  }
  return JSON.stringify(picked);
};
