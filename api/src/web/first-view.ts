import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FirstViewFigure } from '@cardwallet/shared';
import { sessionCookieOf } from '../security/session-cookie.js';

/**
 * The customer's own figures a page's first response can carry (issue 24: "a signed-in deep link to
 * the wallet index: real content (balances) painted ≤ 2.5 s"), and the API answers they come from.
 * A route's skeleton names its figures in `figure` and `total` blocks (shared/src/contract.ts); the
 * module that owns a figure says which of its GET answers holds it (the wallet: `wallet/balances`,
 * the cards: `card/list`) and how to read it there. For the page, the server asks those GETs itself,
 * in process, exactly as the browser would (the visitor's cookie and address, the page's language),
 * draws the figures (route-skeleton.ts) and puts the answers in the page as data
 * (`answersMarkup`): the shell hands each to the page's first identical request
 * (shell/src/services/early-requests.ts), so a signed-in view reads the books once, and the page
 * renders with its data instead of asking again.
 *
 * Only for a browser's own session: the HttpOnly session cookie, checked as the API checks it
 * (revoked, expired or a disabled account: nothing). A page that carries figures is never stored
 * (`no-store`, web/index.ts). The answers get a short budget: a page is never held up for its
 * figures, it falls back to the grey skeleton (and to the page's own requests) instead, and a
 * failing read is logged, never shown.
 */

/** Decimal strings, by figure. */
export type FirstViewValues = Partial<Record<FirstViewFigure, string>>;

/** Where a module's figures are: the answer of one of its GETs, and how to read them out of its data. */
export interface FigureSource {
  /** The GET below the API's prefix, as the pages ask it (`wallet/balances`). */
  request: string;
  pick: (data: unknown) => FirstViewValues;
}

/** An API answer made for the page: the path it answers (below the prefix) and the body as sent. */
export interface FirstViewAnswer {
  request: string;
  body: string;
}

/** How long a page may wait for its figures before it goes out with grey blocks instead. */
export const FIRST_VIEW_BUDGET_MS = 250;

/**
 * At most this many figure reads at once per process: beyond it pages go out grey at once. A read
 * that lost its race still runs to its end, and under a flood of page views those would pile up
 * on the books that the API's own requests need.
 */
export const FIRST_VIEW_MAX_IN_FLIGHT = 32;

export class FirstViewFigures {
  private readonly sources = new Map<FirstViewFigure, FigureSource>();
  private inFlight = 0;

  constructor(
    private readonly budgetMs = FIRST_VIEW_BUDGET_MS,
    private readonly maxInFlight = FIRST_VIEW_MAX_IN_FLIGHT,
    private readonly apiPrefix = '/api/',
  ) {}

  /** A module's figures: one answer gives them all (the wallet's total and card funding come together). */
  provide(figures: readonly FirstViewFigure[], source: FigureSource): void {
    for (const figure of figures) {
      if (this.sources.has(figure)) throw new Error(`first-view figure ${figure} is provided twice`);
      this.sources.set(figure, source);
    }
  }

  /**
   * The figures of the request's signed-in customer and the answers they were read from, or
   * undefined: no session cookie, a session the API would refuse, no source, an answer that failed
   * or did not come within the budget, too many reads already under way. All or nothing: a page
   * never shows some of its figures from one moment and the rest from another.
   */
  async forRequest(
    app: FastifyInstance,
    request: FastifyRequest,
    figures: readonly FirstViewFigure[],
    locale: string,
  ): Promise<{ values: FirstViewValues; answers: FirstViewAnswer[] } | undefined> {
    const token = sessionCookieOf(request);
    const sources = new Set(figures.map((f) => this.sources.get(f)).filter((s): s is FigureSource => s !== undefined));
    if (!token || sources.size === 0 || this.inFlight >= this.maxInFlight) return undefined;
    this.inFlight++;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.budgetMs);
      timer.unref();
    });
    const work = (async () => {
      // Each answer checks the session as any API request does: a made-up, revoked or expired
      // session or an admin's gets a 401 there, and the page its grey skeleton.
      const requests = [...new Set([...sources].map((s) => s.request))];
      const answers = await Promise.all(requests.map((path) => this.ask(app, request, path, locale)));
      if (answers.some((a) => a === undefined)) return undefined;
      const values: FirstViewValues = {};
      for (const source of sources) {
        const answer = answers[requests.indexOf(source.request)]!;
        const picked = source.pick(answer.data);
        for (const figure of figures) if (picked[figure] !== undefined) values[figure] = picked[figure];
      }
      return { values, answers: answers.map((a, i) => ({ request: requests[i]!, body: a!.body })) };
    })().finally(() => this.inFlight--);
    try {
      return await Promise.race([work, late]);
    } catch (err) {
      request.log.warn({ err }, 'first-view figures failed: the page goes out with its grey skeleton');
      return undefined;
    } finally {
      clearTimeout(timer);
      // A read that lost the race still settles; its failure is not an unhandled rejection.
      work.catch(() => undefined);
    }
  }

  /**
   * The API's answer to `GET <prefix><path>` as the browser's own request would get it: the
   * visitor's cookies (the session), address (rate limits) and the page's language. Only a success
   * counts; anything else leaves the page to ask for itself.
   */
  private async ask(
    app: FastifyInstance,
    request: FastifyRequest,
    path: string,
    locale: string,
  ): Promise<{ data: unknown; body: string } | undefined> {
    const response = await app.inject({
      method: 'GET',
      url: `${this.apiPrefix}${path}`,
      headers: {
        cookie: request.headers.cookie ?? '',
        // The session the page's own cookie names: over https that cookie is `__Host-cw_session`,
        // which this in-process (http) request would not read; a GET needs no CSRF header either way.
        ...(sessionCookieOf(request) ? { 'access-token': sessionCookieOf(request)! } : {}),
        'accept-language': locale,
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      },
      remoteAddress: request.ip,
    });
    if (response.statusCode !== 200) return undefined;
    const envelope = JSON.parse(response.body) as { code?: unknown; data?: unknown };
    return envelope.code === 200 ? { data: envelope.data, body: response.body } : undefined;
  }
}
