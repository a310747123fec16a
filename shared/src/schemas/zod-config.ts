import { z } from 'zod';

// Browsers: zod 4 probes `new Function("")` to decide whether to compile parsers, which a
// Content-Security-Policy without 'unsafe-eval' reports as a violation every time. Our CSP never
// allows eval, so tell zod not to try. Every schema module imports this file first; it alone is
// listed under "sideEffects" in package.json (else the bundler would drop the import) — the barrel
// index.ts is not, so unused schema modules (and the phone metadata) stay out of a page. The API keeps the
// compiled parsers.
// Feature apps import `z` from '@cardwallet/shared/zod' (this file), never from 'zod' itself, so the
// setting is made before their first schema parses — a page opened cold that used bare 'zod' (choose-
// location) made the probe and the CSP reported it.
export { z };

if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });
