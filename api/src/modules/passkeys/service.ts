import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { PasskeyItem } from '@cardwallet/shared/schemas';
import { BusinessError, rateLimited } from '../../http/errors.js';
import { createSession } from '../accounts/sessions.js';
import { acceptedOrigin, asJson, consumeCeremony, openCeremony, relyingParty, CEREMONY_SECONDS } from './ceremonies.js';
import { notifyPasskeyChange } from './notices.js';
import { throttledSignIn } from '../../security/sign-in-throttle.js';

/** EdDSA, ES256, RS256: what platform authenticators and security keys use. */
const ALGORITHMS = [-8, -7, -257];
const MAX_PASSKEYS = 20;
export const FRESH_SIGN_IN_MS = 10 * 60_000;

type PasskeyRow = {
  id: string;
  user_id: number;
  credential_id: string;
  public_key: string;
  sign_count: string;
  transports: string;
  name: string;
  backed_up: boolean;
  created_at: Date | string;
  last_used_at: Date | string | null;
};
const COLUMNS = `id::text as id, user_id::float8 as user_id, credential_id, public_key, sign_count::text as sign_count, transports, name, backed_up, created_at, last_used_at`;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const toItem = (r: PasskeyRow): PasskeyItem => ({
  id: r.id,
  name: r.name,
  createdAt: iso(r.created_at)!,
  lastUsedAt: iso(r.last_used_at),
  backedUp: r.backed_up,
});

export class PasskeysService {
  constructor(private readonly app: FastifyInstance) {}

  private get db() {
    return this.app.database.sql;
  }
  private now() {
    return this.app.clock.now();
  }

  /** The customer's WebAuthn user handle: random, created on first use, never a contact or the id. */
  private async userHandle(userId: number): Promise<string> {
    await this.db.query(
      `insert into passkey_user_handles (user_id, handle) values ($1, $2) on conflict (user_id) do nothing`,
      [userId, randomBytes(32).toString('base64url')],
    );
    const [row] = await this.db.query<{ handle: string }>(
      `select handle from passkey_user_handles where user_id = $1`,
      [userId],
    );
    return row!.handle;
  }

  /**
   * A passkey is a new way in: only a session signed in the last 10 minutes may add one, so a
   * stolen older session (a token read from storage) cannot plant a lasting key.
   */
  async registerOptions(userId: number, sessionId: number, accountName: string) {
    const rp = relyingParty(this.app);
    const [session] = await this.db.query<{ created_at: Date | string }>(
      `select created_at from sessions where id = $1 and user_id = $2`,
      [sessionId, userId],
    );
    if (!session || this.now().getTime() - new Date(session.created_at).getTime() > FRESH_SIGN_IN_MS)
      throw new BusinessError('passkey_reauth_required');
    const existing = await this.db.query<{ credential_id: string; transports: string }>(
      `select credential_id, transports from passkeys where user_id = $1`,
      [userId],
    );
    const options = await generateRegistrationOptions({
      rpName: rp.rpName,
      rpID: rp.rpId,
      userName: accountName,
      userID: Buffer.from(await this.userHandle(userId), 'base64url'),
      timeout: CEREMONY_SECONDS * 1000,
      attestationType: 'none',
      excludeCredentials: existing.map((c) => ({
        id: c.credential_id,
        transports: JSON.parse(c.transports) as AuthenticatorTransport[],
      })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      supportedAlgorithmIDs: ALGORITHMS,
    });
    const ceremonyId = await openCeremony(this.db, 'register', userId, options.challenge, this.now());
    return { ceremonyId, options: asJson(options) };
  }

  async register(
    request: FastifyRequest,
    userId: number,
    ceremonyId: string,
    response: RegistrationResponseJSON,
    name?: string,
  ): Promise<PasskeyItem> {
    const rp = relyingParty(this.app);
    const now = this.now();
    const challenge = await consumeCeremony(this.db, ceremonyId, 'register', userId, now);
    const origin = acceptedOrigin(rp, response.response.clientDataJSON);
    if (!origin) throw new BusinessError('passkey_invalid');
    let info;
    try {
      const result = await verifyRegistrationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      });
      if (!result.verified) throw new Error('not verified');
      info = result.registrationInfo;
    } catch (e) {
      request.log.info({ err: e instanceof Error ? { message: e.message } : e }, 'passkey registration refused');
      throw new BusinessError('passkey_invalid');
    }
    const [count] = await this.db.query<{ n: number }>(`select count(*)::int as n from passkeys where user_id = $1`, [
      userId,
    ]);
    if ((count?.n ?? 0) >= MAX_PASSKEYS) throw new BusinessError('passkey_invalid');
    let row: PasskeyRow | undefined;
    try {
      [row] = await this.db.query<PasskeyRow>(
        `insert into passkeys (user_id, credential_id, public_key, sign_count, transports, device_type, backed_up, aaguid, name, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning ${COLUMNS}`,
        [
          userId,
          info.credential.id,
          Buffer.from(info.credential.publicKey).toString('base64url'),
          info.credential.counter,
          JSON.stringify(info.credential.transports ?? []),
          info.credentialDeviceType,
          info.credentialBackedUp,
          info.aaguid,
          name ?? `Passkey ${(count?.n ?? 0) + 1}`,
          now.toISOString(),
        ],
      );
    } catch (e) {
      if ((e as { code?: string }).code === '23505') throw new BusinessError('passkey_exists');
      throw e;
    }
    await notifyPasskeyChange(this.app, request, userId, 'added', row!.name);
    return toItem(row!);
  }

  /** Options for a discoverable-credential sign-in (no account named: the authenticator picks). */
  async loginOptions(request: FastifyRequest) {
    const rp = relyingParty(this.app);
    const wait = await this.app.ipLimiter.hit(
      request,
      'passkey-options',
      this.app.config.limits.ipLoginMax * 4,
      this.app.config.limits.ipWindowSeconds,
    );
    if (wait > 0) throw rateLimited('rate_limited', wait);
    const options = await generateAuthenticationOptions({
      rpID: rp.rpId,
      userVerification: 'required',
      timeout: CEREMONY_SECONDS * 1000,
    });
    const ceremonyId = await openCeremony(this.db, 'login', null, options.challenge, this.now());
    return { ceremonyId, options: asJson(options) };
  }

  /**
   * Passkey sign-in: a verified assertion of a registered credential opens a normal session, the
   * same as user/login. The password lockout does not apply (a locked password must not lock the
   * owner out of every way in); the per-IP login limit does.
   */
  async login(
    request: FastifyRequest,
    ceremonyId: string,
    response: AuthenticationResponseJSON,
  ): Promise<{ token: string; userId: string }> {
    // Passkeys' own per-address bucket (sign-in-throttle.ts): only failed assertions count.
    return throttledSignIn(this.app, request, 'passkey', false, async () => {
      const now = this.now();
      const challenge = await consumeCeremony(this.db, ceremonyId, 'login', null, now);
      const passkey = await this.assert(request, response, challenge, null);
      const [user] = await this.db.query<{ status: string }>(`select status from users where id = $1`, [
        passkey.user_id,
      ]);
      if (user?.status !== 'active') throw new BusinessError('account_disabled');
      const token = await createSession(this.db, request, passkey.user_id, now);
      return { token, userId: String(passkey.user_id) };
    });
  }

  /**
   * Verifies an assertion against the stored credential (of `userId` when given) and moves its
   * signature counter forward in one conditional UPDATE: a counter that does not grow (a cloned
   * authenticator, or two racing uses of one) is refused. Every refusal is passkey_invalid.
   */
  async assert(
    request: FastifyRequest | undefined,
    response: AuthenticationResponseJSON,
    challenge: (c: string) => boolean,
    userId: number | null,
  ): Promise<PasskeyRow> {
    const rp = relyingParty(this.app);
    const [row] = await this.db.query<PasskeyRow>(`select ${COLUMNS} from passkeys where credential_id = $1`, [
      response.id,
    ]);
    if (!row || response.rawId !== response.id || (userId !== null && row.user_id !== userId))
      throw new BusinessError('passkey_invalid');
    const origin = acceptedOrigin(rp, response.response.clientDataJSON);
    if (!origin) throw new BusinessError('passkey_invalid');
    if (response.response.userHandle) {
      const [h] = await this.db.query<{ handle: string }>(
        `select handle from passkey_user_handles where user_id = $1`,
        [row.user_id],
      );
      if (h?.handle !== response.response.userHandle) throw new BusinessError('passkey_invalid');
    }
    let newCounter: number;
    try {
      const result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origin,
        expectedRPID: rp.rpId,
        requireUserVerification: true,
        credential: {
          id: row.credential_id,
          publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
          counter: Number(row.sign_count),
          transports: JSON.parse(row.transports) as AuthenticatorTransport[],
        },
      });
      if (!result.verified) throw new Error('not verified');
      newCounter = result.authenticationInfo.newCounter;
    } catch (e) {
      request?.log.info({ err: e instanceof Error ? { message: e.message } : e }, 'passkey assertion refused');
      throw new BusinessError('passkey_invalid');
    }
    const moved = await this.db.query(
      `update passkeys set sign_count = $2, last_used_at = $3
        where id = $1::bigint and (sign_count < $2::bigint or ($2::bigint = 0 and sign_count = 0))
        returning id`,
      [row.id, newCounter, this.now().toISOString()],
    );
    if (moved.length === 0) throw new BusinessError('passkey_invalid');
    return row;
  }

  async list(userId: number): Promise<{ items: PasskeyItem[] }> {
    const rows = await this.db.query<PasskeyRow>(
      `select ${COLUMNS} from passkeys where user_id = $1 order by created_at desc, id desc`,
      [userId],
    );
    return { items: rows.map(toItem) };
  }

  async rename(userId: number, id: string, name: string): Promise<PasskeyItem> {
    const [row] = await this.db.query<PasskeyRow>(
      `update passkeys set name = $3 where id = $1::bigint and user_id = $2 returning ${COLUMNS}`,
      [id, userId, name],
    );
    if (!row) throw new BusinessError('passkey_not_found');
    return toItem(row);
  }

  async remove(request: FastifyRequest, userId: number, id: string): Promise<{ removed: true }> {
    const [row] = await this.db.query<{ name: string }>(
      `delete from passkeys where id = $1::bigint and user_id = $2 returning name`,
      [id, userId],
    );
    if (!row) throw new BusinessError('passkey_not_found');
    await notifyPasskeyChange(this.app, request, userId, 'removed', row.name);
    return { removed: true };
  }
}
