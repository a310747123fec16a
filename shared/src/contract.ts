import type { ComponentType, ReactNode } from 'react';
import type { Locale } from './locales';
import { ApiError } from './api/envelope';

/**
 * The contract between the host shell and the feature apps (remotes). Semver: a remote built
 * against another MAJOR is refused by the shell (error view with retry, rest of the app works).
 * Bump MINOR for additions, MAJOR for anything a built remote could trip over.
 */
export const CONTRACT_VERSION = '2.2.0';
export const CONTRACT_MAJOR = 2;

export const REMOTE_NAMES = ['mf_card', 'mf_wallet', 'mf_user', 'mf_share', 'mf_passport'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** One entry of `/remotes.json`, fetched by the shell at start-up (nothing is baked in its build). */
export interface RemoteDescriptor {
  name: RemoteName;
  /** e.g. "/pages/card/" — every route under it belongs to this remote. */
  routePrefix: string;
  /** Absolute or root-relative URL of the remote's mf-manifest.json. */
  manifestUrl: string;
  /** The contract MAJOR the deployed build was compiled against. */
  contractMajor: number;
  /** The release served (docs/releasing.md): its version, immutable id and channel. */
  version?: string;
  releaseId?: string;
  channel?: 'stable' | 'canary';
}
export interface RemoteRegistry {
  remotes: RemoteDescriptor[];
}

/** How the shell frames a page. */
export type NavBarMode =
  /** Shell renders the nav bar: back button + translated title. */
  | 'default'
  /** No nav bar at all (login, register, home, sumbsub pages). */
  | 'none'
  /** The page renders its own navigation (e.g. extra icon/text buttons, welfare's custom bar). */
  | 'custom';

export interface FeatureRoute {
  /** Path below the app's prefix: 'index', 'recharge', 'kyc-lv1-details'. */
  path: string;
  /** Lazily loaded page component (its own chunk). */
  load: () => Promise<{ default: ComponentType }>;
  /** Title key in the app's own namespace. */
  titleKey: string;
  navBar?: NavBarMode;
  /** Needs a session; logged-out users are asked to log in or register (spec §6). Default true. */
  auth?: boolean;
  /** The yellow pull-to-refresh of spec §2 is on for this page. */
  pullToRefresh?: boolean;
  /** The page's layout in grey, painted by the HTML before any script (issue 24; contract 1.2). */
  skeleton?: RouteSkeleton;
  /**
   * The GET requests the page asks first (issue 24, the signed-in deep link): read by the app's
   * build into its release (`route-files.json`, shared/build/route-files.mjs); on a deep link the
   * server announces them in the page so they start with the page's files, and the shell's HTTP
   * client hands each answer to the page's first identical request (shell/src/services/early-requests.ts).
   * Only requests whose answer does not depend on the `platform` header (the locale is checked),
   * exactly as the page asks them (same path and params), at most 4. Build-time data: the shell never
   * reads it from the running app; a route without it works as before (docs/architecture.md).
   */
  firstRequests?: readonly FirstRequest[];
}

/** One GET request a page asks first: its path below the API's base URL and its query parameters. */
export interface FirstRequest {
  url: string;
  params?: Readonly<Record<string, string | number | boolean>>;
}

/**
 * A route's skeleton: written next to the route, emitted by the app's build into its release
 * (`skeletons.json`, shared/build/route-skeletons.mjs) and drawn by the server into the page's
 * first response (api/src/web/route-skeleton.ts). Heights are CSS pixels of the real page at a
 * 390 px wide phone, so nothing moves when React's page replaces it.
 */
export interface RouteSkeleton {
  /**
   * `bar`: the shell's 45 px nav bar with the title (default for `navBar` default/custom);
   * `page`: the title as the page's own heading (default for `navBar: 'none'`); `hero`: the title
   * (and `subtitleKey`) on the dark band of the home page; `none`: no title.
   */
  header?: 'bar' | 'page' | 'hero' | 'none';
  /** A key of the app's namespace for the title, when it is not the route's `titleKey`. */
  titleKey?: string;
  subtitleKey?: string;
  blocks: SkeletonBlock[];
}

/** Blocks shown only to a visitor the server knows signed in / not signed in (a hint, see the server). */
export type SkeletonBlock = SkeletonBlockShape & { when?: 'signedIn' | 'signedOut' };

type SkeletonBlockShape =
  /** A grey panel (balance card, banner, QR code). */
  | { kind: 'card'; height: number }
  /** A white list of rows, each with a grey line (cash flow, settings, messages). */
  | { kind: 'list'; rows: number; rowHeight?: number }
  /** Form fields: a label line above a grey input each. */
  | { kind: 'form'; fields: number }
  /** Grey text lines. */
  | { kind: 'lines'; count: number }
  /** A row of `count` square tiles (quick actions, currency chips). */
  | { kind: 'tiles'; count: number }
  /** The page's primary button. */
  | { kind: 'button' }
  /** A real translated sentence of the page (a key of the app's namespace). */
  | { kind: 'text'; key: string }
  /** A pale notice with an icon and a real sentence (the home page's tip). */
  | { kind: 'notice'; key: string }
  /**
   * A white card with a heading, a bulleted list of real sentences, an optional sentence under it and
   * up to two grey buttons side by side (the signed-out home's offers). Drawn in the real page's
   * geometry, so the largest text React paints is no larger than the HTML's: the LCP stays the HTML's.
   */
  | { kind: 'bullets'; titleKey: string; keys: readonly string[]; footKey?: string; actions?: 1 | 2 }
  /**
   * A figure of the customer's own on the dark band of the real page (the wallet's total assets):
   * `labelKey` above the amount, `subKey` and a second figure under it. The server draws the
   * amounts only for a visitor whose session it has checked, from its own books (api/src/web/first-view.ts),
   * in the page's language — the balance is on screen with the HTML, before any script. Anyone
   * else, or when the figures are not to hand in time, gets a grey card of `height`.
   */
  | {
      kind: 'figure';
      height: number;
      labelKey: string;
      figure: FirstViewFigure;
      subKey?: string;
      subFigure?: FirstViewFigure;
    }
  /**
   * The home page's total balance card (shell/src/pages/home/components/balance-card.tsx): `titleKey`,
   * the sum of the `parts` in US dollars, `hintKey`, and each part under its label. Drawn by the
   * server like a `figure`, only when every part is to hand (else a grey card of `height`), in the
   * real card's geometry; the shell keeps showing it until its own answers are in.
   */
  | {
      kind: 'total';
      height: number;
      titleKey: string;
      hintKey: string;
      parts: readonly { labelKey: string; figure: FirstViewFigure }[];
    };

/**
 * The customer's figures a page's first response can carry (`figure` and `total` skeleton blocks),
 * all USD amounts: the wallet's valuation and card funding (wallet module), the sum of the cards'
 * balances (cards module).
 */
export const FIRST_VIEW_FIGURES = ['wallet.totalUsd', 'wallet.cardFunding', 'cards.balanceUsd'] as const;
export type FirstViewFigure = (typeof FIRST_VIEW_FIGURES)[number];

/**
 * The id of the JSON element (`<script type="application/json">`, data, never run) in the head of a
 * page whose HTML drew a `total` block: that total as drawn, so the page can keep showing it until
 * its own answers are in — React replaces the drawn markup on its first render.
 */
export const FIRST_VIEW_ELEMENT_ID = 'cw-first-view';

/** What that element holds: the drawn total's texts, in the page's language and formatting. */
export interface DrawnTotal {
  title: string;
  amount: string;
  hint: string;
  parts: { label: string; amount: string }[];
}

export type TranslationTree = { [key: string]: string | TranslationTree };

export interface FeatureApp {
  name: RemoteName;
  /** CONTRACT_VERSION the remote was built against. */
  contractVersion: string;
  routePrefix: `/pages/${string}/`;
  routes: FeatureRoute[];
  /**
   * The remote's translation namespace, contributed to the shell's i18next instance. Since 1.2:
   * `load` gives one language's texts (its own chunk), and the shell loads only the reader's language
   * before the page renders, and the new one before a switch. `resources` (every language, inline) is
   * what remotes built before 1.2 give; a shell reads either. A remote with `load` only needs a shell
   * of 1.2 or later (release the shell first).
   */
  i18n: {
    namespace: string;
    load?: (locale: Locale) => Promise<TranslationTree>;
    resources?: Partial<Record<Locale, TranslationTree>>;
  };
  /** Optional wrapper around every page of the app (its own providers). */
  Provider?: ComponentType<{ children: ReactNode }>;
}

// ---- Host services: the only way a remote reaches the shell -----------------------------------

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<TBody = unknown> {
  /** Path relative to the API base (`user/login`) or absolute URL. Missing → rejected, status 0. */
  url: string;
  method?: HttpMethod;
  /** Query parameters (URL-encoded). */
  params?: Record<string, string | number | boolean | undefined | null>;
  data?: TBody;
  /** Show a toast for a failed request (default true). */
  prompt?: boolean;
  /** Show the counted loading mask while in flight (default false). */
  loading?: boolean;
  /** On body code 401: 'modal' (default) asks; 'redirect' goes straight to login; 'none' only rejects. */
  login?: 'modal' | 'redirect' | 'none';
  /** How many times a request that got no answer (network failure/timeout) is re-sent. */
  retries?: number;
  /**
   * Money-moving calls: sent as `Idempotency-Key` and reused on every retry of this call.
   * `true` lets the client generate one (UUID v4).
   */
  idempotencyKey?: string | true;
  /** Milliseconds; defaults to the product-wide request timeout. */
  timeout?: number;
  signal?: AbortSignal;
  /** Maps the raw envelope to a value instead of returning `data` (the spec's response factory). */
  transform?: (envelope: { code: number; msg: string; data: unknown }) => unknown;
}

export interface HttpClient {
  /** Resolves with `data` on body code 200; rejects with an {@link ApiError} otherwise. */
  request<T>(options: RequestOptions): Promise<T>;
  get<T>(url: string, params?: RequestOptions['params'], options?: Partial<RequestOptions>): Promise<T>;
  post<T>(url: string, data?: unknown, options?: Partial<RequestOptions>): Promise<T>;
  put<T>(url: string, data?: unknown, options?: Partial<RequestOptions>): Promise<T>;
  delete<T>(url: string, params?: RequestOptions['params'], options?: Partial<RequestOptions>): Promise<T>;
  /** multipart upload; `files` must be an array (else rejected). Default path `upload/image`. */
  upload<T>(files: File[], options?: Partial<RequestOptions> & { field?: string }): Promise<T>;
  download(url: string, options?: Partial<RequestOptions>): Promise<Blob>;
}

export interface SessionState {
  /**
   * Null in the shell: the browser session is an HttpOnly cookie (issue 22) that no script reads.
   * Kept for hosts that hold a Bearer token themselves (tests, embedded clients).
   */
  token: string | null;
  userId: string | null;
  platform: string;
  /** Epoch ms after which token and userId are void (30 days from sign-in). */
  expiresAt: number | null;
}

export interface SessionService {
  /** React hook: the current session, re-rendering on change. */
  useSession(): SessionState & { isLoggedIn: boolean };
  get(): SessionState & { isLoggedIn: boolean };
  /** Records a session after login: userId, expiry and platform only (the token is the API's HttpOnly cookie). */
  signIn(session: { token: string; userId: string }): void;
  /** Revokes the server token (best effort) and clears the local session. */
  signOut(): Promise<void>;
  /** Clears the local session only (what a 401 does). */
  clear(): void;
  /**
   * Sends a logged-out user to log in; after login they come back to `returnTo` (default: the
   * current page). `mode: 'modal'` asks first (one modal at a time).
   */
  requireLogin(options?: { returnTo?: string; mode?: 'modal' | 'redirect' }): void;
  /** Where login should return to, consumed once by the login page. */
  takeReturnTo(): string | null;
}

export interface NavigationService {
  /** Push a page; does nothing when `url` is the page already shown. */
  navigate(url: string): void;
  /** Replace the current page. */
  redirect(url: string): void;
  /** Go to one of the four tab pages. */
  switchTab(url: string): void;
  /** Clear history and open `url`. */
  relaunch(url: string): void;
  back(delta?: number): void;
}

export interface ToastService {
  show(message: string, options?: { durationMs?: number; icon?: 'success' | 'fail' | 'loading' }): void;
  clear(): void;
}

export interface ModalService {
  /** The error dialog: fixed title, single confirm button, no cancel. */
  error(content: string): Promise<void>;
  alert(options: { title?: string; content: ReactNode; confirmText?: string }): Promise<void>;
  confirm(options: { title?: string; content: ReactNode; confirmText?: string; cancelText?: string }): Promise<boolean>;
}

export interface LoadingService {
  /** Counted: every show() needs a hide(). Click closes it unless `clickToClose` is false. */
  show(options?: { clickToClose?: boolean }): void;
  hide(): void;
}

export interface I18nService {
  useLanguage(): Locale;
  language(): Locale;
  setLanguage(locale: Locale): Promise<void>;
}

export type TabName = 'home' | 'card' | 'wallet' | 'user';
export interface TabBadgeService {
  /** Stored count shown on a tab (the Wallet tab per spec); 0 hides it, max shown 999+. */
  set(tab: TabName, count: number): void;
  get(tab: TabName): number;
}

/** A committed domain event of the signed-in customer (docs/api.md "Live updates"); refetch what you show. */
export interface LiveEvent {
  id: string;
  /** e.g. `wallet.deposit_credited`, `notifications.message_created`; `live.connected` on each (re)connection. */
  type: string;
}
export interface LiveUpdatesService {
  /**
   * Listens to the signed-in customer's events while subscribed. The shell keeps one server-sent
   * event stream per tab for all listeners, open while a session exists (the shell itself listens:
   * each event makes stale the shared query cache's keys that `@cardwallet/shared/live-query-keys`
   * maps it to, so pages need not subscribe to keep their figures current), and reconnects with
   * backoff. Returns the unsubscribe function.
   */
  subscribe(listener: (event: LiveEvent) => void): () => void;
}

export interface HostServices {
  http: HttpClient;
  session: SessionService;
  navigation: NavigationService;
  toast: ToastService;
  modal: ModalService;
  loading: LoadingService;
  i18n: I18nService;
  tabBadge: TabBadgeService;
  /** Since contract 1.1: live updates. Absent in a 1.0 host, so remotes must cope without it. */
  live?: LiveUpdatesService;
  /** The API base URL in use (config, or the stored `apiUrl` override). */
  apiBaseUrl(): string;
}

// A value export (not `export type`): the host HTTP client constructs ApiError instances.
export { ApiError };
