import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/max';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  translate,
  VERIFICATION_CODE_LENGTH,
  type ErrorKey,
  type Locale,
} from '@cardwallet/shared';
import { accountKind, type CodePurpose, type Country, type UserProfile } from '@cardwallet/shared/schemas';
import { BusinessError, rateLimited } from '../../http/errors.js';
import { MessagingError } from '../../providers/messaging/index.js';
import { dummyHash, hashPassword, verifyPassword } from '../../security/password.js';
import { clearFailures, guardedAttempt, loginPolicy } from '../../security/lockout.js';
import { hashToken, newToken } from '../../security/tokens.js';
import { checkCode, codePepper, consumeCode, hashCode, newCode } from './codes.js';
import { checkAdminSecondFactor } from './admin-factor.js';
import { createAdminSession, createSession, revokeSessions } from './sessions.js';
import { AGREEMENT_VERSION, insertUser } from './users.js';
import { consumeRebindTicket, notifyBindingChanged } from './rebind.js';
import { notifySecretChanged } from './security-notices.js';
import { assertChannelAged } from '../../security/step-up.js';
import { isKnownDevice } from '../../security/device-cookie.js';
import { throttledSignIn } from '../../security/sign-in-throttle.js';

type UserRow = {
  id: number;
  email: string | null;
  mobile: string | null;
  password_hash: string;
  status: 'active' | 'disabled';
  kyc_level: number;
  invite_code: string;
  created_at: Date | string;
};

const USER_COLUMNS = `id::float8 as id, email, mobile, password_hash, status, kyc_level::int as kyc_level, invite_code, created_at`;
const RESET_TICKET_SECONDS = 600;

export class AccountsService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.sql;
  }
  private now() {
    return this.app.clock.now();
  }
  private get limits() {
    return this.app.config.limits;
  }
  private pepper() {
    return codePepper(this.db, this.app.database);
  }

  async findByAccount(account: string): Promise<UserRow | undefined> {
    const column = accountKind(account) === 'mobile' ? 'mobile' : 'email';
    const [row] = await this.db.query<UserRow>(`select ${USER_COLUMNS} from users where ${column} = $1`, [account]);
    return row;
  }

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.query<UserRow>(`select ${USER_COLUMNS} from users where id = $1`, [id]);
    return row;
  }

  /** Per-IP fixed window (Redis when REDIS_URL is set, else process memory); over the limit → 429 rate_limited. */
  private async limitIp(request: FastifyRequest, bucket: string, max: number): Promise<void> {
    const wait = await this.app.ipLimiter.hit(request, bucket, max, this.limits.ipWindowSeconds);
    if (wait > 0) throw rateLimited('rate_limited', wait);
  }

  // ---------------------------------------------------------------- verification codes

  async sendCode(request: FastifyRequest, account: string, purpose: CodePurpose) {
    await this.limitIp(request, 'send-code', this.limits.ipSendCodeMax);
    const kind = accountKind(account)!;
    const now = this.now();
    const existing = await this.findByAccount(account);
    if (purpose === 'bind') {
      if (!request.user) throw new BusinessError('unauthenticated');
      if (existing && existing.id !== request.user.id) throw new BusinessError('binding_exists');
    }
    if (purpose === 'paypass' || purpose === 'rebind') {
      // Transaction-password and re-authentication codes go only to an account bound to the signed-in user.
      if (!request.user) throw new BusinessError('unauthenticated');
      if (!existing || existing.id !== request.user.id) throw new BusinessError('forbidden');
      // A channel bound in the last 24 h cannot reset the transaction password (issue 22): say so before sending.
      if (purpose === 'paypass') await assertChannelAged(this.db, existing, account, now);
    }

    const result = { resendAfterSeconds: this.limits.codeResendSeconds, expiresInSeconds: this.limits.codeTtlSeconds };
    // No account enumeration: reset for an unknown account and register for an existing one answer
    // exactly as if a code was sent, and record a row (with an unusable hash) so the same cooldowns
    // apply. Reset sends nothing; register sends the owner a notice instead of a code.
    const registerNotice = purpose === 'register' && Boolean(existing);
    const deliver = !(purpose === 'reset_password' && !existing) && !registerNotice;
    const code = newCode();
    const pepper = await this.pepper();
    const hourAgo = new Date(now.getTime() - 3600_000).toISOString();
    const [row] = await this.db.transaction(async (tx) => {
      // Serialise senders of one account so two racing requests cannot both pass the cooldown.
      await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [account]);
      const [lastPurpose] = await tx.query<{ created_at: Date | string }>(
        `select created_at from verification_codes where account = $1 and purpose = $2 order by created_at desc limit 1`,
        [account, purpose],
      );
      if (lastPurpose) {
        const wait =
          this.limits.codeResendSeconds - (now.getTime() - new Date(lastPurpose.created_at).getTime()) / 1000;
        if (wait > 0) throw rateLimited('code_resend_cooldown', wait);
      }
      const [hour] = await tx.query<{ n: number; oldest: Date | string | null }>(
        `select count(*)::int as n, min(created_at) as oldest from verification_codes where account = $1 and created_at > $2`,
        [account, hourAgo],
      );
      if (hour && hour.n >= this.limits.codeMaxPerHour) {
        const wait = hour.oldest ? 3600 - (now.getTime() - new Date(hour.oldest).getTime()) / 1000 : 3600;
        throw rateLimited('rate_limited', wait);
      }
      // A new code replaces any live one.
      await tx.query(
        `update verification_codes set burnt_at = $3 where account = $1 and purpose = $2 and consumed_at is null and burnt_at is null`,
        [account, purpose, now.toISOString()],
      );
      return tx.query<{ id: string }>(
        `insert into verification_codes (account, purpose, channel, code_hash, created_at, expires_at)
         values ($1, $2, $3, $4, $5, $6) returning id::text as id`,
        [
          account,
          purpose,
          kind === 'email' ? 'email' : 'sms',
          deliver ? hashCode(pepper, account, purpose, code) : randomBytes(32).toString('hex'),
          now.toISOString(),
          new Date(now.getTime() + this.limits.codeTtlSeconds * 1000).toISOString(),
        ],
      );
    });
    if (registerNotice) {
      await this.sendRegisterNotice(request, kind === 'email' ? 'email' : 'sms', account);
      return result;
    }
    if (!deliver) return result;
    const minutes = Math.round(this.limits.codeTtlSeconds / 60);
    try {
      await this.app.messaging.send({
        channel: kind === 'email' ? 'email' : 'sms',
        to: account,
        subject: translate(request.locale, 'messages.codeSubject'),
        body: translate(request.locale, 'messages.codeBody', { code, minutes }),
      });
    } catch (e) {
      // Not delivered: burn it and free the cooldown so the user can retry at once.
      await this.db.query(`delete from verification_codes where id = $1::bigint`, [row!.id]);
      request.log.warn(
        { err: e instanceof MessagingError ? { message: e.message } : e, channel: kind },
        'code delivery failed',
      );
      throw new BusinessError('code_delivery_failed');
    }
    return result;
  }

  /**
   * Runs `effect` in one transaction after the code of (account, purpose) checks out, consuming the
   * code in that same transaction. A wrong code's attempt count is committed before refusing.
   */
  async withCode<T>(
    account: string,
    purpose: CodePurpose,
    code: string,
    effect: ((tx: import('../../db/index.js').SqlRunner) => Promise<T>) | null,
  ): Promise<T | undefined> {
    const pepper = await this.pepper();
    const now = this.now();
    const outcome = await this.db.transaction(async (tx): Promise<{ refused: ErrorKey } | { value: T | undefined }> => {
      const check = await checkCode(tx, pepper, account, purpose, code, now, this.limits);
      if (!check.ok) return { refused: check.key };
      if (!effect) return { value: undefined };
      const value = await effect(tx);
      await consumeCode(tx, check.codeId, now);
      return { value };
    });
    if ('refused' in outcome) throw new BusinessError(outcome.refused);
    return outcome.value;
  }

  async codeCheck(account: string, purpose: CodePurpose, code: string): Promise<{ valid: true; ticket?: string }> {
    if (purpose !== 'reset_password') {
      await this.withCode(account, purpose, code, null);
      return { valid: true };
    }
    const user = await this.findByAccount(account);
    const ticket = newToken();
    const now = this.now();
    await this.withCode(account, purpose, code, async (tx) => {
      // A code for an unknown account is never deliverable, so `user` exists here.
      if (!user) throw new BusinessError('code_invalid');
      await tx.query(
        `insert into reset_tickets (user_id, ticket_hash, created_at, expires_at) values ($1, $2, $3, $4)`,
        [
          user.id,
          hashToken(ticket),
          now.toISOString(),
          new Date(now.getTime() + RESET_TICKET_SECONDS * 1000).toISOString(),
        ],
      );
    });
    return { valid: true, ticket };
  }

  // ---------------------------------------------------------------- register / login

  async register(
    request: FastifyRequest,
    body: { account: string; code: string; password: string; refereeId?: string | undefined },
  ): Promise<{ token: string; userId: string }> {
    const kind = accountKind(body.account)!;
    let refereeId: number | null = null;
    if (body.refereeId) {
      const [ref] = await this.db.query<{ id: number }>(
        `select id::float8 as id from users where (case when $1 ~ '^[0-9]{1,15}$' then id = $1::bigint else false end) or invite_code = upper($1) limit 1`,
        [body.refereeId],
      );
      if (!ref) throw new BusinessError('referee_not_found');
      refereeId = Number(ref.id);
    }
    // No "already registered" before the code is checked (enumeration): an existing account never
    // gets a usable register code, and a race of two valid codes ends in insertUser's account_exists.
    const now = this.now();
    const result = await this.withCode(body.account, 'register', body.code, async (tx) => {
      const user = await insertUser(
        tx,
        {
          email: kind === 'email' ? body.account : null,
          mobile: kind === 'mobile' ? body.account : null,
          password: body.password,
          refereeId,
        },
        this.app.config.scryptN,
        now,
      );
      const token = await createSession(tx, request, user.id, now);
      return { token, userId: String(user.id) };
    });
    return result!;
  }

  /**
   * Password sign-in. Failures count per account (the database lockout) and per address (the
   * customer bucket of sign-in-throttle.ts, which a browser that signed in to this account before
   * skips); successes count in neither.
   */
  async login(request: FastifyRequest, account: string, password: string): Promise<{ token: string; userId: string }> {
    const now = this.now();
    const known = isKnownDevice(request, this.app.config.signingSecret, `user:${account}`, now.getTime());
    return throttledSignIn(this.app, request, 'customer', known, async () => {
      const user = await this.findByAccount(account);
      // Same scrypt cost whether or not the account exists; the attempt is counted before it runs.
      const hash = user?.password_hash ?? (await dummyHash(this.app.config.scryptN));
      await this.passwordAttempt(`user:${account}`, now, async () => (await verifyPassword(password, hash)) && !!user);
      if (user!.status !== 'active') throw new BusinessError('account_disabled');
      const token = await createSession(this.db, request, user!.id, now);
      return { token, userId: String(user!.id) };
    });
  }

  /**
   * A login-password check through the shared lockout (login, admin login, changePassword,
   * verifyIdentity): throws account_locked or invalid_credentials.
   */
  async passwordAttempt(key: string, now: Date, evaluate: () => Promise<boolean>): Promise<void> {
    const outcome = await guardedAttempt(this.db, key, now, loginPolicy(this.limits), evaluate);
    if (outcome.result === 'locked') throw rateLimited('account_locked', outcome.seconds);
    if (outcome.result === 'wrong') throw new BusinessError('invalid_credentials');
  }

  async logout(sessionId: number): Promise<void> {
    await this.db.query(`update sessions set revoked_at = $2 where id = $1 and revoked_at is null`, [
      sessionId,
      this.now().toISOString(),
    ]);
  }

  async changePassword(
    request: FastifyRequest,
    oldPassword: string,
    password: string,
  ): Promise<{ revokedSessions: number }> {
    const auth = request.user!;
    const user = await this.findById(auth.id);
    if (!user) throw new BusinessError('session_expired');
    const now = this.now();
    await this.passwordAttempt(`user:${user.email ?? user.mobile}`, now, () =>
      verifyPassword(oldPassword, user.password_hash),
    );
    if (oldPassword === password) throw new BusinessError('password_same_as_old');
    const hash = await hashPassword(password, this.app.config.scryptN);
    const result = await this.db.transaction(async (tx) => {
      await tx.query(`update users set password_hash = $2, updated_at = $3 where id = $1`, [
        user.id,
        hash,
        now.toISOString(),
      ]);
      return { revokedSessions: await revokeSessions(tx, user.id, now, auth.sessionId) };
    });
    await notifySecretChanged(this.app, user.id, 'loginPassword', request.locale);
    return result;
  }

  async resetPassword(ticket: string, password: string, locale?: Locale): Promise<{ revokedSessions: number }> {
    const now = this.now();
    const hash = await hashPassword(password, this.app.config.scryptN);
    const outcome = await this.db.transaction(async (tx) => {
      const [row] = await tx.query<{ id: string; user_id: number }>(
        `update reset_tickets set used_at = $2
          where ticket_hash = $1 and used_at is null and expires_at > $2
          returning id::text as id, user_id::float8 as user_id`,
        [hashToken(ticket), now.toISOString()],
      );
      if (!row) return undefined;
      const userId = Number(row.user_id);
      await tx.query(`update users set password_hash = $2, updated_at = $3 where id = $1`, [
        userId,
        hash,
        now.toISOString(),
      ]);
      const revoked = await revokeSessions(tx, userId, now);
      const [u] = await tx.query<{ email: string | null; mobile: string | null }>(
        `select email, mobile from users where id = $1`,
        [userId],
      );
      // A successful reset also lifts a login lockout.
      await clearFailures(
        tx,
        [u?.email, u?.mobile].filter(Boolean).map((a) => `user:${a}`),
      );
      return { revokedSessions: revoked, userId };
    });
    if (!outcome) throw new BusinessError('reset_ticket_invalid');
    await notifySecretChanged(this.app, outcome.userId, 'loginPassword', locale);
    return { revokedSessions: outcome.revokedSessions };
  }

  async bind(
    request: FastifyRequest,
    type: 'email' | 'mobile',
    account: string,
    code: string,
    ticket?: string,
  ): Promise<UserProfile> {
    const auth = request.user!;
    const existing = await this.findByAccount(account);
    if (existing && existing.id !== auth.id) throw new BusinessError('binding_exists');
    const now = this.now();
    const me = await this.findById(auth.id);
    const previous = (type === 'email' ? me?.email : me?.mobile) ?? null;
    const before = { email: me?.email ?? null, mobile: me?.mobile ?? null };
    await this.withCode(account, 'bind', code, async (tx) => {
      // Every binding needs a fresh re-authentication (ASVS V7.5.1) — a first one too, or a stolen
      // session could add a channel it controls (issue 22). A refusal here rolls back before the
      // code is consumed, so the customer can verify and retry with the same code.
      await consumeRebindTicket(tx, auth.id, type, ticket, now);
      try {
        await tx.query(
          `update users set ${type === 'email' ? 'email' : 'mobile'} = $2, updated_at = $3 where id = $1`,
          [auth.id, account, now.toISOString()],
        );
      } catch (e) {
        if ((e as { code?: string }).code === '23505') throw new BusinessError('binding_exists');
        throw e;
      }
      // When it was bound: a channel younger than 24 h cannot reset the transaction password.
      await tx.query(
        `insert into channel_bindings (user_id, channel, account, bound_at) values ($1, $2, $3, $4)
         on conflict (user_id, channel) do update set account = excluded.account, bound_at = excluded.bound_at`,
        [auth.id, type, account, now.toISOString()],
      );
    });
    if (previous !== account) await notifyBindingChanged(this.app, request, type, before, account);
    return this.profile(auth.id);
  }

  async profile(userId: number): Promise<UserProfile> {
    const user = await this.findById(userId);
    if (!user) throw new BusinessError('session_expired');
    return {
      userId: String(user.id),
      email: user.email,
      mobile: user.mobile,
      kycLevel: user.kyc_level,
      inviteCode: user.invite_code,
      hasPayPassword: await this.hasPayPassword(String(user.id)),
      createdAt: new Date(user.created_at).toISOString(),
    };
  }

  /** The transaction password belongs to the wallet module (table wallet_pay_passwords). */
  private async hasPayPassword(userId: string): Promise<boolean> {
    const [t] = await this.db.query<{ exists: boolean }>(
      `select to_regclass('wallet_pay_passwords') is not null as exists`,
    );
    if (!t?.exists) return false;
    const rows = await this.db.query(`select 1 from wallet_pay_passwords where user_id = $1`, [userId]);
    return rows.length > 0;
  }

  /**
   * Who shared the link, for the invitation page: a display name only (two letters of the e-mail's
   * local part, or the mobile's last two digits), never the contact, id or — when asked by user id —
   * the invite code; the code is echoed only when it was the code that was given. Rate-limited per IP
   * (IP_INVITER_MAX): walking ids is slow and shows next to nothing.
   */
  async inviter(request: FastifyRequest, refereeId: string): Promise<{ displayName: string; inviteCode?: string }> {
    await this.limitIp(request, 'inviter', this.limits.ipInviterMax);
    const [row] = await this.db.query<{ email: string | null; mobile: string | null; invite_code: string }>(
      `select email, mobile, invite_code from users
        where ((case when $1 ~ '^[0-9]{1,15}$' then id = $1::bigint else false end) or invite_code = upper($1)) and status = 'active' limit 1`,
      [refereeId],
    );
    if (!row) throw new BusinessError('referee_not_found');
    const byCode = row.invite_code === refereeId.toUpperCase();
    return {
      displayName: inviterDisplayName(row.email, row.mobile),
      ...(byCode ? { inviteCode: row.invite_code } : {}),
    };
  }

  /** Tells the owner of an existing account that someone tried to register it (no code). Best effort. */
  private async sendRegisterNotice(request: FastifyRequest, channel: 'email' | 'sms', to: string): Promise<void> {
    try {
      await this.app.messaging.send({
        channel,
        to,
        subject: translate(request.locale, 'messages.registerAttemptSubject'),
        body: translate(request.locale, 'messages.registerAttemptBody'),
      });
    } catch (e) {
      // Same answer as a delivered code either way: a failure here must not tell the caller anything.
      request.log.warn(
        { err: e instanceof MessagingError ? { message: e.message } : e, channel },
        'register notice delivery failed',
      );
    }
  }

  // ---------------------------------------------------------------- admins

  async adminLogin(
    request: FastifyRequest,
    username: string,
    password: string,
    otp: string,
  ): Promise<{ token: string; adminId: string }> {
    const now = this.now();
    // The administrator's own per-address bucket: customers' failures behind the same address do not hold it back.
    const known = isKnownDevice(
      request,
      this.app.config.signingSecret,
      `admin:${username.toLowerCase()}`,
      now.getTime(),
    );
    return throttledSignIn(this.app, request, 'admin', known, () =>
      this.adminSignIn(request, username, password, otp, now),
    );
  }

  private async adminSignIn(
    request: FastifyRequest,
    username: string,
    password: string,
    otp: string,
    now: Date,
  ): Promise<{ token: string; adminId: string }> {
    const [admin] = await this.db.query<{ id: number; password_hash: string; status: string }>(
      `select id::float8 as id, password_hash, status from admins where username = $1`,
      [username],
    );
    const hash = admin?.password_hash ?? (await dummyHash(this.app.config.scryptN));
    // The second factor is checked only after the password, inside the same counted attempt: a wrong
    // code counts like a wrong password (same error, same lock), so nobody learns which factor failed.
    await this.passwordAttempt(
      `admin:${username.toLowerCase()}`,
      now,
      async () =>
        (await verifyPassword(password, hash)) &&
        !!admin &&
        (await checkAdminSecondFactor(this.db, this.app.config.adminTotpSecret, Number(admin.id), otp, now)),
    );
    if (admin!.status !== 'active') throw new BusinessError('account_disabled');
    const token = await createAdminSession(
      this.db,
      request,
      Number(admin!.id),
      now,
      this.app.config.adminSessionSeconds,
    );
    return { token, adminId: String(admin!.id) };
  }

  async adminLogout(sessionId: number): Promise<void> {
    await this.db.query(`update admin_sessions set revoked_at = $2 where id = $1 and revoked_at is null`, [
      sessionId,
      this.now().toISOString(),
    ]);
  }
}

/** "demo@cardwallet.test" → "de***"; "+905321234567" → "***67": enough to recognise a friend, not to contact or identify them. */
export function inviterDisplayName(email: string | null, mobile: string | null): string {
  if (email) return `${email.slice(0, Math.min(2, Math.max(1, email.indexOf('@') - 1)))}***`;
  return `***${(mobile ?? '').slice(-2)}`;
}

/** "demo@cardwallet.test" → "de***@cardwallet.test"; "+905321234567" → "+9053****4567". */
export function maskAccount(account: string): string {
  const at = account.indexOf('@');
  if (at > 0) {
    const local = account.slice(0, at);
    return `${local.slice(0, Math.min(2, Math.max(1, local.length - 1)))}***${account.slice(at)}`;
  }
  if (account.length <= 8) return `${account.slice(0, 2)}****`;
  return `${account.slice(0, 5)}****${account.slice(-4)}`;
}

const DEFAULT_COUNTRY_BY_LOCALE: Record<Locale, string> = {
  'en-US': 'US',
  'zh-HK': 'HK',
  'ar-AE': 'AE',
  'tr-TR': 'TR',
};
const countriesCache = new Map<Locale, Country[]>();

/** Countries with dial codes from libphonenumber-js metadata, names in the request locale. */
export function registerData(locale: Locale, codeResendSeconds: number) {
  let countries = countriesCache.get(locale);
  if (!countries) {
    const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    const collator = new Intl.Collator(locale);
    countries = getCountries()
      .map((code) => ({ code, dialCode: `+${getCountryCallingCode(code)}`, name: names.of(code) ?? code }))
      .sort((a, b) => collator.compare(a.name, b.name));
    countriesCache.set(locale, countries);
  }
  return {
    countries,
    defaultCountry: DEFAULT_COUNTRY_BY_LOCALE[locale],
    agreementVersion: AGREEMENT_VERSION,
    passwordMinLength: PASSWORD_MIN_LENGTH,
    passwordMaxLength: PASSWORD_MAX_LENGTH,
    codeLength: VERIFICATION_CODE_LENGTH,
    codeResendSeconds,
  };
}
