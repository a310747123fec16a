import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FirstViewFigure } from '@cardwallet/shared';
import { findUserSession } from '../http/auth.js';
import { sessionCookieOf } from '../security/session-cookie.js';

/**
 * The customer's own figures a page's first response can carry (issue 24: "a signed-in deep link to
 * the wallet index: real content (balances) painted ≤ 2.5 s"). A route's skeleton names them in a
 * `figure` block (shared/src/contract.ts); the module that owns a figure provides it here, from the
 * same books its API reads (the wallet: its balances); the page's HTML draws them in the customer's
 * language (route-skeleton.ts), so the balance is on screen with the first paint, before any script.
 *
 * Only for a browser's own session: the HttpOnly session cookie, checked as the API checks it
 * (revoked, expired or a disabled account: nothing). A page that carries figures is never stored
 * (`no-store`, web/index.ts). The books get a short budget: a page is never held up for its figures,
 * it falls back to the grey skeleton instead, and a failing provider is logged, never shown.
 */

/** Decimal strings, by figure. */
export type FirstViewValues = Partial<Record<FirstViewFigure, string>>;

type Provider = (userId: string) => Promise<FirstViewValues>;

/** How long a page may wait for its figures before it goes out with grey blocks instead. */
export const FIRST_VIEW_BUDGET_MS = 250;

/**
 * At most this many figure reads at once per process: beyond it pages go out grey at once. A read
 * that lost its race still runs to its end, and under a flood of page views those would pile up
 * on the books that the API's own requests need.
 */
export const FIRST_VIEW_MAX_IN_FLIGHT = 32;

export class FirstViewFigures {
  private readonly providers = new Map<FirstViewFigure, Provider>();
  private inFlight = 0;

  constructor(
    private readonly budgetMs = FIRST_VIEW_BUDGET_MS,
    private readonly maxInFlight = FIRST_VIEW_MAX_IN_FLIGHT,
  ) {}

  /** A module's figures: one read gives them all (the wallet's total and card funding come together). */
  provide(figures: readonly FirstViewFigure[], read: Provider): void {
    for (const figure of figures) {
      if (this.providers.has(figure)) throw new Error(`first-view figure ${figure} is provided twice`);
      this.providers.set(figure, read);
    }
  }

  /**
   * The figures of the request's signed-in customer, or undefined: no session cookie, a session the
   * API would refuse, no provider, a provider that failed or did not answer within the budget, too
   * many reads already under way.
   */
  async forRequest(
    app: FastifyInstance,
    request: FastifyRequest,
    figures: readonly FirstViewFigure[],
  ): Promise<FirstViewValues | undefined> {
    const token = sessionCookieOf(request);
    const reads = new Set(figures.map((f) => this.providers.get(f)).filter((p): p is Provider => p !== undefined));
    if (!token || reads.size === 0 || this.inFlight >= this.maxInFlight) return undefined;
    this.inFlight++;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), this.budgetMs);
      timer.unref();
    });
    const work = (async () => {
      const user = await findUserSession(app, token);
      if (!user) return undefined;
      const parts = await Promise.all([...reads].map((read) => read(user.userId)));
      const values: FirstViewValues = {};
      for (const part of parts)
        for (const figure of figures) if (part[figure] !== undefined) values[figure] = part[figure];
      return values;
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
}
