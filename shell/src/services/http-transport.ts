/**
 * How the HTTP client's requests travel: the browser's `fetch`, with a timeout that covers the
 * whole exchange (headers and body) and the caller's abort signal. The client's rules (envelope,
 * 401, toasts, retries, idempotency keys) are in http-client.ts; this only sends and reports what
 * became of the request.
 *
 * fetch, not axios (issue 24): axios was 57 KB of script (14 KiB gzip) evaluated in one
 * 20–40 ms task when the first request left — on the signed-out home page, after its first screen;
 * on a signed-in page, before its content. The client needs none of what axios adds over fetch.
 *
 * Credentials stay `same-origin` (fetch's default, as axios' XHR without `withCredentials`): the
 * page's early requests are preloaded `use-credentials` (api/src/web/route-preload.ts) precisely so
 * that no request of the client can be handed a preload's answer by the browser.
 */
export interface TransportRequest {
  /** Full URL, query string included. */
  url: string;
  method: string;
  headers: Record<string, string>;
  /** A JSON text or a FormData (the browser sets the multipart boundary). */
  body?: string | FormData;
  timeoutMs: number;
  responseType: 'text' | 'blob';
  signal?: AbortSignal;
}

export type TransportOutcome =
  | { kind: 'response'; status: number; data: string | Blob }
  | { kind: 'timeout' }
  | { kind: 'network' }
  | { kind: 'aborted'; error: unknown };

export type Transport = (request: TransportRequest) => Promise<TransportOutcome>;

/** The URL with the request's query parameters appended (undefined and null ones left out). */
export function withQuery(url: string, params: Record<string, string | number | boolean> | undefined): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) query.append(key, String(value));
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The request was aborted.', 'AbortError');
}

export function fetchTransport(fetchImpl: typeof fetch = (input, init) => fetch(input, init)): Transport {
  return async (request) => {
    const { signal } = request;
    if (signal?.aborted) return { kind: 'aborted', error: abortError(signal) };
    // One controller for the exchange: the timer and the caller's signal both end it, and the
    // outcome says which one did.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, request.timeoutMs);
    const onAbort = () => controller.abort(signal && abortError(signal));
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: controller.signal,
      });
      const data = request.responseType === 'blob' ? await response.blob() : await response.text();
      return { kind: 'response', status: response.status, data };
    } catch (error) {
      if (timedOut) return { kind: 'timeout' };
      if (signal?.aborted) return { kind: 'aborted', error: abortError(signal) };
      return { kind: 'network' };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}
