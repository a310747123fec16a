/**
 * zod, its react-hook-form resolver, the API schemas and the phone metadata (libphonenumber-js/max)
 * the login page uses: ~80 KiB gzip whose evaluation was one of the login page's long tasks
 * (issue 24, TBT). Its first screen needs none of them, so they are a chunk of their own, loaded
 * when first needed — the form's first validation, a request's answer to check, a passkey
 * ceremony — or when the form is first touched (`warmSchemas`), so it is there before the submit.
 */
export type PassportSchemas = typeof import('./schemas-chunk');

let loading: Promise<PassportSchemas> | undefined;

export function loadSchemas(): Promise<PassportSchemas> {
  if (!loading) {
    const started = import(/* webpackChunkName: "passport-schemas" */ './schemas-chunk');
    loading = started;
    // A chunk that failed to load (network) is asked for again by the next caller.
    started.catch(() => {
      if (loading === started) loading = undefined;
    });
  }
  return loading;
}

/** Starts loading the schemas without waiting (a failure is reported by the next real use). */
export function warmSchemas(): void {
  loadSchemas().catch(() => undefined);
}
