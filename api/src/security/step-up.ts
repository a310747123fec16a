import type { Locale } from '@cardwallet/shared';
import { STEP_UP_GRANT_SECONDS, type StepUpProof, type StepUpPurpose } from '@cardwallet/shared/schemas';
import type { SqlRunner } from '../db/index.js';
import { BusinessError } from '../http/errors.js';

/**
 * Step-up before the takeover paths (issue 22, OWASP ASVS V6.3 / V7.5): a session alone — a token a
 * script or a thief may hold — cannot set or change the transaction password or a card PIN. The
 * customer first proves it is them with a FRESH proof (user/stepUp), which records a single-use,
 * 5-minute grant for one purpose; the protected action consumes it in its own statement.
 *
 * Proofs (`StepUpProof`, a discriminated union; each kind in ACCEPTED and in the verifiers the accounts
 * module passes):
 * - `password`: the login password, through the login lockout (security/lockout.ts);
 * - `payPassword`: the transaction password, through its own lockout;
 * - `code`: a 'rebind' code sent to an e-mail / mobile ALREADY bound to the account. For the
 *   transaction password the channel must have been bound for 24 hours: a thief who binds a channel
 *   cannot use it at once to take the transaction password.
 * - `passkey`: an assertion over the customer's own single-use passkey/proofOptions ceremony.
 *
 * Modules that own the protected secrets (wallet's PayPasswords, cards' setPin) only see a database
 * handle, so the accounts module registers the enforcement for its database (`enforceStepUp`); a
 * bare ledger database in unit tests has none and those tests exercise the secret logic alone.
 */
export type ProofKind = StepUpProof['kind'];
export type SecretKind = 'loginPassword' | 'payPassword' | 'cardPin';

/** Which proofs each purpose accepts. */
export const ACCEPTED_PROOFS: Record<StepUpPurpose, readonly ProofKind[]> = {
  paypass: ['password', 'passkey', 'code'],
  card_pin: ['password', 'passkey', 'payPassword', 'code'],
  wechat_unbind: ['password', 'passkey', 'code'],
};

/** A channel bound more recently than this cannot be the proof for the transaction password. */
export const NEW_CHANNEL_HOLD_SECONDS = 86_400;

export interface StepUpUser {
  id: number;
  email: string | null;
  mobile: string | null;
  created_at: Date | string;
}

/** The checks behind each proof kind; each throws its own refusal (invalid_credentials, paypass_wrong, code_invalid …). */
export interface ProofVerifiers {
  password(user: StepUpUser, password: string): Promise<void>;
  payPassword(user: StepUpUser, payPassword: string): Promise<void>;
  /** Checks and consumes a 'rebind' code of `account`, running `effect` in the same transaction. */
  code(account: string, code: string, effect: (tx: SqlRunner) => Promise<void>): Promise<void>;
  /** Consumes the customer's own passkey/proofOptions ceremony and verifies the assertion (passkey_ceremony_expired, passkey_invalid). */
  passkey(
    user: StepUpUser,
    ceremonyId: string,
    response: Extract<StepUpProof, { kind: 'passkey' }>['response'],
  ): Promise<void>;
}

/** When `account` was bound to the user: its channel_bindings row, else the registration. */
export async function channelBoundAt(db: SqlRunner, user: StepUpUser, account: string): Promise<Date> {
  const [row] = await db.query<{ bound_at: Date | string }>(
    `select bound_at from channel_bindings where user_id = $1 and account = $2`,
    [user.id, account],
  );
  return new Date(row?.bound_at ?? user.created_at);
}

export async function assertChannelAged(db: SqlRunner, user: StepUpUser, account: string, now: Date): Promise<void> {
  const boundAt = await channelBoundAt(db, user, account);
  if (now.getTime() - boundAt.getTime() < NEW_CHANNEL_HOLD_SECONDS * 1000)
    throw new BusinessError('step_up_channel_too_new');
}

/**
 * Sandbox demo seeds only: the seed stands for the customer proving it is them once before it sets
 * a secret on their behalf (e.g. the demo transaction password), so it records the grant a real
 * proof would have left.
 */
export async function recordSeedGrant(db: SqlRunner, userId: string, purpose: StepUpPurpose, now: Date): Promise<void> {
  await db.query(
    `insert into step_up_grants (user_id, purpose, proof, locale, created_at, expires_at) values ($1, $2, 'sandbox-seed', 'en-US', $3, $4)`,
    [userId, purpose, now.toISOString(), new Date(now.getTime() + STEP_UP_GRANT_SECONDS * 1000).toISOString()],
  );
}

/** Verifies `proof` for `purpose` and records a grant. */
export async function grantStepUp(
  db: SqlRunner,
  verifiers: ProofVerifiers,
  user: StepUpUser,
  purpose: StepUpPurpose,
  proof: StepUpProof,
  locale: Locale,
  now: Date,
): Promise<{ expiresInSeconds: number }> {
  if (!ACCEPTED_PROOFS[purpose].includes(proof.kind)) throw new BusinessError('step_up_proof_not_accepted');
  const insert = (tx: SqlRunner) =>
    tx
      .query(
        `insert into step_up_grants (user_id, purpose, proof, locale, created_at, expires_at) values ($1, $2, $3, $4, $5, $6)`,
        [
          user.id,
          purpose,
          proof.kind,
          locale,
          now.toISOString(),
          new Date(now.getTime() + STEP_UP_GRANT_SECONDS * 1000).toISOString(),
        ],
      )
      .then(() => undefined);
  switch (proof.kind) {
    case 'password':
      await verifiers.password(user, proof.password);
      await insert(db);
      break;
    case 'payPassword':
      await verifiers.payPassword(user, proof.payPassword);
      await insert(db);
      break;
    case 'passkey':
      await verifiers.passkey(user, proof.ceremonyId, proof.response);
      await insert(db);
      break;
    case 'code': {
      const account = [user.email, user.mobile].find(
        (a) => a && (a === proof.account.toLowerCase() || a === proof.account.replace(/[\s-]/g, '')),
      );
      // Not one of the account's own channels: answer like a wrong code.
      if (!account) throw new BusinessError('code_invalid');
      if (purpose === 'paypass') await assertChannelAged(db, user, account, now);
      await verifiers.code(account, proof.code, insert);
      break;
    }
  }
  return { expiresInSeconds: STEP_UP_GRANT_SECONDS };
}

/** Consumes a live grant of `purpose` (single use even under races); refuses with step_up_required. */
export async function consumeStepUp(
  tx: SqlRunner,
  userId: string | number,
  purpose: StepUpPurpose,
  now: Date,
): Promise<{ locale: Locale }> {
  const [row] = await tx.query<{ locale: Locale }>(
    `update step_up_grants set used_at = $3
      where id = (select id from step_up_grants where user_id = $1 and purpose = $2 and used_at is null and expires_at > $3 order by id limit 1)
        and used_at is null
      returning locale`,
    [userId, purpose, now.toISOString()],
  );
  if (!row) throw new BusinessError('step_up_required');
  return { locale: row.locale };
}

export interface StepUpEnforcement {
  now(): Date;
  /** A notice on every channel bound to the customer (they were all bound before the secret changed). */
  secretChanged(userId: string, secret: SecretKind, locale: Locale | undefined): Promise<void>;
  /** The customer as step-up needs it (bindings, registration time). */
  user(userId: string, tx?: SqlRunner): Promise<StepUpUser | undefined>;
}

const enforcement = new WeakMap<object, StepUpEnforcement>();

/** Called by the accounts module for the app's database: from then on the protected actions need a grant. */
export function enforceStepUp(db: object, hooks: StepUpEnforcement): void {
  enforcement.set(db, hooks);
}

export function stepUpEnforcement(db: object): StepUpEnforcement | undefined {
  return enforcement.get(db);
}

/**
 * For the modules owning a secret: consumes the grant of `purpose` when step-up is enforced on
 * `db`, and answers the notice to send once the secret changed (null when not enforced).
 */
export async function requireStepUp(
  db: object,
  tx: SqlRunner,
  userId: string,
  purpose: StepUpPurpose,
): Promise<{ notify(secret: SecretKind): Promise<void> } | null> {
  const hooks = enforcement.get(db);
  if (!hooks) return null;
  const { locale } = await consumeStepUp(tx, userId, purpose, hooks.now());
  return { notify: (secret) => hooks.secretChanged(userId, secret, locale) };
}
