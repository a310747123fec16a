import type { FirstViewFigures } from '../web/first-view.js';
import type { Locale } from '@cardwallet/shared';
import type { Config } from '../config.js';
import type { Database } from '../db/index.js';
import type { Clock } from './clock.js';
import type { IpLimiter } from '../security/rate-limit.js';
import type { SignInThrottle } from '../security/sign-in-throttle.js';
import type { CspReportStore } from '../security/csp-report-store.js';
import type { DemoSeedRegistry } from '../sandbox/demo-seeds.js';
import type { DomainEvents } from '../events/domain-events.js';
import type { BackgroundJobs } from '../jobs/background-jobs.js';

export interface AuthUser {
  id: number;
  /** Decimal string form of the id, as it travels on the wire. */
  userId: string;
  sessionId: number;
  kycLevel: number;
  email: string | null;
  mobile: string | null;
}
export interface AuthAdmin {
  id: number;
  adminId: string;
  username: string;
  sessionId: number;
}

/** Who may call a route: `public` (default), `user` (customer token) or `admin` (admin token). */
export type RouteAuth = 'public' | 'user' | 'admin';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    clock: Clock;
    /** Per-IP limits, in Redis when REDIS_URL is set (src/security/rate-limit.ts). */
    ipLimiter: IpLimiter;
    /** CSP violation reports received, deduplicated; admin-only listing (src/security/csp-report-store.ts). */
    cspReports: CspReportStore;
    /** Per-address sign-in failures, by bucket (src/security/sign-in-throttle.ts). */
    signInThrottle: SignInThrottle;
    /** Sandbox demo data seeds; modules add theirs (src/sandbox/demo-seeds.ts). */
    demoSeeds: DemoSeedRegistry;
    /** The transactional outbox: record events in your posting's transaction, subscribe consumers (src/events). */
    events: DomainEvents;
    /** The customer's figures a page's first response may draw; modules provide theirs (src/web/first-view.ts). */
    firstView: FirstViewFigures;
    /** Background work that runs once across API processes: `app.jobs.every(name, ms, task)` (src/jobs). */
    jobs: BackgroundJobs;
    /** Every route registered, for the fuzz test and docs: method + url. */
    routeList: { method: string; url: string; auth: RouteAuth }[];
  }
  interface FastifyRequest {
    locale: Locale;
    platform: string | undefined;
    /** Set on `auth: 'user'` routes (always present there). */
    user: AuthUser | undefined;
    /** Set on `auth: 'admin'` routes. */
    admin: AuthAdmin | undefined;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
}
