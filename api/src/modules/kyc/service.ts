import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ResultCode, translate, type ErrorKey, type Locale } from '@cardwallet/shared';
import { KYC_MINIMUM_AGE, ageOn, kyc1Body, normaliseDocumentNumber, type KycStatus } from '@cardwallet/shared/schemas';
import type { SqlDatabase, SqlRunner } from '../../ledger/sql.js';
import type { Clock } from '../../http/clock.js';
import { BusinessError } from '../../http/errors.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { claimIdentity, identityHash } from './identity.js';
import {
  VerificationProviderError,
  type ProviderWebhookEvent,
  type VerificationProvider,
} from '../../providers/kyc/types.js';

const FIELD_KEYS: Record<string, ErrorKey> = {
  required: 'kyc_field_required',
  name: 'kyc_field_name',
  documentNumber: 'kyc_field_document_number',
  birthDate: 'kyc_field_birth_date',
  under18: 'kyc_under_18',
  country: 'kyc_field_country',
  images: 'kyc_field_images',
};

/** 422 with per-field messages translated from the kyc_field_* error keys. */
export function kycFieldError(
  locale: Locale,
  fields: Record<string, string>,
  key: ErrorKey = 'invalid_params',
): BusinessError {
  const translated = Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [
      field,
      translate(locale, `errors.${FIELD_KEYS[message] ?? 'kyc_field_required'}`),
    ]),
  );
  return new BusinessError(key, {}, { code: ResultCode.invalidParams, data: { fields: translated } });
}

const webhookEvent = z.object({
  type: z.enum(['applicantCreated', 'applicantPending', 'applicantReviewed', 'applicantOnHold', 'applicantReset']),
  applicantId: z.string().min(1).max(64),
  externalUserId: z.string().max(64).optional(),
  levelName: z.string().max(64).optional(),
  reviewStatus: z.string().max(32).optional(),
  createdAtMs: z.string().min(1).max(40),
  reviewResult: z
    .object({
      reviewAnswer: z.enum(['GREEN', 'RED']),
      rejectLabels: z.array(z.string().max(64)).max(20).optional(),
      reviewRejectType: z.enum(['RETRY', 'FINAL']).optional(),
      moderationComment: z.string().max(1000).optional(),
    })
    .optional(),
});

/**
 * Webhook signature algorithms we can be configured with (KYC_WEBHOOK_ALGORITHM). The caller does
 * not choose: HMAC-SHA1 is not offered at all, and a call naming another algorithm than the
 * configured one is refused (no downgrade through `X-Payload-Digest-Alg`).
 */
export const WEBHOOK_DIGEST_ALGORITHMS = { HMAC_SHA256_HEX: 'sha256', HMAC_SHA512_HEX: 'sha512' } as const;
export type WebhookDigestAlgorithm = keyof typeof WEBHOOK_DIGEST_ALGORITHMS;

export interface KycServiceOptions {
  db: SqlDatabase;
  clock: Clock;
  provider: VerificationProvider;
  webhookSecret: string;
  /** The one algorithm webhooks are signed with (KYC_WEBHOOK_ALGORITHM, default HMAC_SHA256_HEX). */
  webhookAlgorithm?: WebhookDigestAlgorithm;
  /** Events older than this (or more than 5 minutes ahead) are refused as stale. */
  webhookMaxAgeSeconds: number;
  accessTokenTtlSeconds: number;
  /** Failed level-1 submissions allowed per customer per 24 h. */
  maxFailedSubmissionsPerDay: number;
  /** Key of the identity hash (KYC_IDENTITY_HASH_KEY); empty: level 2 cannot start. */
  identityKey: string;
  /** Decisions are recorded as domain events in the decision's transaction (docs/kyc.md "Decisions"). */
  events?: Pick<DomainEvents, 'record'>;
}

function maskDocumentNumber(n: string): string {
  return n.length <= 4 ? n : `${'•'.repeat(Math.min(8, n.length - 4))}${n.slice(-4)}`;
}

/** Identity verification (docs/kyc.md): level 1 by document check, level 2 by the provider's flow + webhook. */
export class KycService {
  constructor(private readonly o: KycServiceOptions) {}

  private today(): string {
    return this.o.clock.now().toISOString().slice(0, 10);
  }

  async status(userId: string, locale: Locale): Promise<KycStatus> {
    const db = this.o.db;
    const [user] = await db.query<{ kyc_level: number }>(
      `select kyc_level::int as kyc_level from users where id = $1::bigint`,
      [userId],
    );
    const [s1] = await db.query<{
      status: 'verified' | 'failed';
      reason_key: string | null;
      created_at: Date | string;
      country: string;
      document_type: 'id_card' | 'driving_licence' | 'passport';
      first_name: string;
      last_name: string;
      document_number: string;
      birth_date: string;
    }>(
      `select status, reason_key, created_at, country, document_type, first_name, last_name, document_number, birth_date::text as birth_date
       from kyc1_submissions where user_id = $1::bigint order by (status = 'verified') desc, id desc limit 1`,
      [userId],
    );
    const [s2] = await db.query<{
      status: 'init' | 'pending' | 'verified' | 'failed';
      reject_type: 'RETRY' | 'FINAL' | null;
      reject_labels: string[];
      moderation_comment: string | null;
      updated_at: Date | string;
    }>(
      `select status, reject_type, reject_labels, moderation_comment, updated_at from kyc2_applicants where user_id = $1::bigint`,
      [userId],
    );
    const level = user?.kyc_level ?? 0;
    const iso = (d: Date | string) => new Date(d).toISOString();
    // A level set by other means (sandbox control) still shows as verified.
    const state1 = level >= 1 ? 'verified' : s1?.status === 'failed' ? 'failed' : 'not_verified';
    const state2 = level >= 2 ? 'verified' : !s2 || s2.status === 'init' ? 'not_verified' : s2.status;
    return {
      level,
      level1: {
        state: state1,
        reason: state1 === 'failed' && s1?.reason_key ? translate(locale, `errors.${s1.reason_key}`) : null,
        reasonKey: state1 === 'failed' ? (s1?.reason_key ?? null) : null,
        submittedAt: s1 ? iso(s1.created_at) : null,
        details: s1
          ? {
              country: s1.country,
              documentType: s1.document_type,
              firstName: s1.first_name,
              lastName: s1.last_name,
              documentNumber: s1.status === 'verified' ? maskDocumentNumber(s1.document_number) : s1.document_number,
              birthDate: s1.birth_date,
            }
          : null,
      },
      level2: {
        state: state2,
        rejectType: state2 === 'failed' ? (s2?.reject_type ?? null) : null,
        moderationComment: state2 === 'failed' ? (s2?.moderation_comment ?? null) : null,
        rejectLabels: state2 === 'failed' ? (s2?.reject_labels ?? []) : [],
        canRetry: state2 === 'failed' && s2?.reject_type === 'RETRY',
        updatedAt: s2 ? iso(s2.updated_at) : null,
      },
    };
  }

  // ---- Level 1 -------------------------------------------------------------------------------------

  async submitLevel1(userId: string, rawBody: unknown, locale: Locale): Promise<void> {
    const parsed = kyc1Body.safeParse(rawBody);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'body');
        fields[field] ??= issue.message in FIELD_KEYS ? issue.message : 'required';
      }
      throw kycFieldError(locale, fields);
    }
    const body = parsed.data;
    const today = this.today();
    if (body.birthDate > today || body.birthDate < '1900-01-01')
      throw kycFieldError(locale, { birthDate: 'birthDate' });
    if (ageOn(body.birthDate, today) < KYC_MINIMUM_AGE)
      throw kycFieldError(locale, { birthDate: 'under18' }, 'kyc_under_18');

    const db = this.o.db;
    const [user] = await db.query<{ kyc_level: number }>(
      `select kyc_level::int as kyc_level from users where id = $1::bigint`,
      [userId],
    );
    if ((user?.kyc_level ?? 0) >= 1) throw new BusinessError('kyc1_already_verified');
    const since = new Date(this.o.clock.now().getTime() - 86400_000).toISOString();
    const [failed] = await db.query<{ n: number }>(
      `select count(*)::int as n from kyc1_submissions where user_id = $1::bigint and status = 'failed' and created_at > $2`,
      [userId, since],
    );
    if ((failed?.n ?? 0) >= this.o.maxFailedSubmissionsPerDay)
      throw new BusinessError(
        'rate_limited',
        { seconds: 3600 },
        { code: ResultCode.rateLimited, data: { retryAfterSeconds: 3600 } },
      );

    const images = [...new Set(body.documentImages)];
    const owned = await db.query<{ public_id: string; sha256: string }>(
      `select public_id, sha256 from uploaded_images where user_id = $1::bigint and public_id = any($2::text[])`,
      [userId, images],
    );
    // Someone else's image answers exactly like one that does not exist.
    if (owned.length !== images.length) throw new BusinessError('not_found');

    const documentNumber = normaliseDocumentNumber(body.documentNumber);
    let result;
    try {
      result = await this.o.provider.checkDocument({
        userId,
        country: body.country,
        documentType: body.documentType,
        firstName: body.firstName,
        lastName: body.lastName,
        documentNumber,
        birthDate: body.birthDate,
        imageDigests: owned.map((o) => o.sha256),
      });
    } catch (e) {
      if (e instanceof VerificationProviderError) throw new BusinessError('kyc_provider_unavailable');
      throw e;
    }
    const status = result.decision === 'verified' ? 'verified' : 'failed';
    const reasonKey = result.decision === 'rejected' ? `kyc_${result.reason}` : null;
    try {
      await db.transaction(async (tx) => {
        await tx.query(
          `insert into kyc1_submissions (user_id, country, document_type, first_name, last_name, document_number, birth_date, document_images, status, reason_key, provider, provider_reference, created_at)
           values ($1::bigint, $2, $3, $4, $5, $6, $7::date, $8::text[], $9, $10, $11, $12, $13)`,
          [
            userId,
            body.country,
            body.documentType,
            body.firstName,
            body.lastName,
            documentNumber,
            body.birthDate,
            images,
            status,
            reasonKey,
            this.o.provider.name,
            result.reference,
            this.o.clock.now().toISOString(),
          ],
        );
        if (status === 'verified') {
          await tx.query(
            `update users set kyc_level = greatest(kyc_level, 1), birth_date = $2::date, updated_at = now() where id = $1::bigint`,
            [userId, body.birthDate],
          );
          // One verified level-1 record per customer (unique index): one event per customer.
          await this.o.events?.record(tx, {
            type: 'kyc.level1_verified',
            userId,
            aggregateId: `kyc1:${userId}`,
            payload: { country: body.country, documentType: body.documentType },
          });
        }
      });
    } catch (e) {
      // Two submissions raced: the unique "one verified" index kept the first.
      if (/kyc1_submissions_one_verified|duplicate key/i.test(String((e as Error).message)))
        throw new BusinessError('kyc1_already_verified');
      throw e;
    }
    if (status === 'failed') throw new BusinessError('kyc_document_mismatch');
  }

  // ---- Level 2 -------------------------------------------------------------------------------------

  async accessToken(userId: string, locale: Locale) {
    const db = this.o.db;
    const [user] = await db.query<{ kyc_level: number }>(
      `select kyc_level::int as kyc_level from users where id = $1::bigint`,
      [userId],
    );
    const level = user?.kyc_level ?? 0;
    if (level < 1) throw new BusinessError('kyc1_required');
    if (level >= 2) throw new BusinessError('kyc2_already_verified');
    const [s1] = await db.query<{
      first_name: string;
      last_name: string;
      document_number: string;
      document_type: string;
      country: string;
      birth_date: string;
    }>(
      `select first_name, last_name, document_number, document_type, country, birth_date::text as birth_date from kyc1_submissions
       where user_id = $1::bigint and status = 'verified'`,
      [userId],
    );
    if (!s1) throw new BusinessError('kyc1_required');
    // One identity, one account (docs/kyc.md): the document is claimed before the provider sees it.
    if (!this.o.identityKey) throw new BusinessError('kyc_provider_unavailable');
    await claimIdentity(db, userId, identityHash(this.o.identityKey, s1));
    let [applicant] = await db.query<{
      applicant_id: string;
      status: string;
      reject_type: string | null;
      level_name: string;
    }>(`select applicant_id, status, reject_type, level_name from kyc2_applicants where user_id = $1::bigint`, [
      userId,
    ]);
    try {
      if (!applicant) {
        const levelName = this.o.provider.level2Name;
        const { applicantId } = await this.o.provider.createApplicant(userId, levelName, {
          firstName: s1.first_name,
          lastName: s1.last_name,
          documentNumber: s1.document_number,
          country: s1.country,
          birthDate: s1.birth_date,
        });
        await db.query(
          `insert into kyc2_applicants (user_id, provider, applicant_id, level_name, status) values ($1::bigint, $2, $3, $4, 'init')
           on conflict (user_id) do nothing`,
          [userId, this.o.provider.name, applicantId, levelName],
        );
        [applicant] = await db.query(
          `select applicant_id, status, reject_type, level_name from kyc2_applicants where user_id = $1::bigint`,
          [userId],
        );
      }
      if (!applicant) throw new BusinessError('operation_failed');
      if (applicant.status === 'pending') throw new BusinessError('kyc2_in_review');
      if (applicant.status === 'failed')
        throw new BusinessError(applicant.reject_type === 'FINAL' ? 'kyc2_final_rejection' : 'kyc2_retry_not_allowed');
      const token = await this.o.provider.createAccessToken(
        userId,
        applicant.applicant_id,
        applicant.level_name,
        this.o.accessTokenTtlSeconds,
        locale,
      );
      return {
        token: token.token,
        expiresAt: token.expiresAt.toISOString(),
        flowUrl: token.flowUrl,
        levelName: applicant.level_name,
      };
    } catch (e) {
      if (e instanceof VerificationProviderError) throw new BusinessError('kyc_provider_unavailable');
      throw e;
    }
  }

  /** RED + RETRY: back to the start of the provider's flow. FINAL cannot be retried. */
  async retryLevel2(userId: string): Promise<void> {
    const [a] = await this.o.db.query<{ applicant_id: string; status: string; reject_type: string | null }>(
      `select applicant_id, status, reject_type from kyc2_applicants where user_id = $1::bigint`,
      [userId],
    );
    if (!a || a.status !== 'failed') throw new BusinessError('kyc2_retry_not_allowed');
    if (a.reject_type !== 'RETRY') throw new BusinessError('kyc2_final_rejection');
    await this.o.provider.resetApplicant(a.applicant_id);
    await this.o.db.query(
      `update kyc2_applicants set status = 'init', reject_type = null, reject_labels = '{}', moderation_comment = null, updated_at = now()
       where applicant_id = $1 and status = 'failed'`,
      [a.applicant_id],
    );
  }

  /**
   * The provider approved: the identity is claimed now if the customer started before the rule
   * (no claim yet). If it already backs another account the approval stands (the provider decided)
   * but the account is recorded as a duplicate: it neither earns nor generates referral cashback.
   */
  private async noteApprovedIdentity(tx: SqlRunner, userId: string): Promise<void> {
    if (!this.o.identityKey) return;
    const [s1] = await tx.query<{ document_type: string; country: string; document_number: string }>(
      `select document_type, country, document_number from kyc1_submissions where user_id = $1::bigint and status = 'verified'`,
      [userId],
    );
    if (!s1) return;
    const hash = identityHash(this.o.identityKey, s1);
    await tx.query(
      `insert into kyc_identities (identity_hash, user_id) values ($1, $2::bigint) on conflict do nothing`,
      [hash, userId],
    );
    await tx.query(
      `insert into kyc_identity_duplicates (user_id, identity_hash, held_by)
       select $2::bigint, $1, user_id from kyc_identities where identity_hash = $1 and user_id <> $2::bigint on conflict do nothing`,
      [hash, userId],
    );
  }

  // ---- Webhook -------------------------------------------------------------------------------------

  /**
   * Constant-time check of `X-Payload-Digest` over the raw body, with the configured algorithm
   * only: an `X-Payload-Digest-Alg` naming another one is refused, never followed.
   */
  verifySignature(raw: Buffer, digest: string | undefined, alg: string | undefined): boolean {
    const configured = this.o.webhookAlgorithm ?? 'HMAC_SHA256_HEX';
    if (alg !== undefined && alg !== configured) return false;
    const algorithm = WEBHOOK_DIGEST_ALGORITHMS[configured];
    // No secret configured (production without KYC_WEBHOOK_SECRET): nothing can be verified, so nothing is accepted.
    if (!this.o.webhookSecret || !digest || !/^[0-9a-fA-F]+$/.test(digest)) return false;
    const expected = createHmac(algorithm, this.o.webhookSecret).update(raw).digest();
    const given = Buffer.from(digest, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /**
   * Applies one verified webhook. Idempotent (a redelivery is recognised by the body's digest);
   * an event older than the newest one applied for the applicant is recorded but not applied,
   * so events take effect in the order the provider created them.
   */
  async applyWebhook(raw: Buffer): Promise<{ duplicate: boolean; applied: boolean }> {
    let event: ProviderWebhookEvent;
    try {
      event = webhookEvent.parse(JSON.parse(raw.toString('utf8'))) as ProviderWebhookEvent;
    } catch {
      throw new BusinessError(
        'invalid_params',
        {},
        { code: ResultCode.invalidParams, data: { fields: { body: 'not a webhook event' } } },
      );
    }
    const createdAt = new Date(
      /^\d+$/.test(event.createdAtMs) ? Number(event.createdAtMs) : event.createdAtMs.replace(' ', 'T'),
    );
    const now = this.o.clock.now().getTime();
    if (
      Number.isNaN(createdAt.getTime()) ||
      createdAt.getTime() < now - this.o.webhookMaxAgeSeconds * 1000 ||
      createdAt.getTime() > now + 300_000
    ) {
      throw new BusinessError('webhook_stale', {}, { code: ResultCode.invalidParams });
    }
    const digest = createHash('sha256').update(raw).digest('hex');
    return this.o.db.transaction(async (tx) => {
      const inserted = await tx.query(
        `insert into kyc_webhook_events (provider, digest, type, applicant_id, event_created_at, applied, payload)
         values ($1, $2, $3, $4, $5, false, $6::jsonb) on conflict (digest) do nothing returning id`,
        [this.o.provider.name, digest, event.type, event.applicantId, createdAt.toISOString(), JSON.stringify(event)],
      );
      if (inserted.length === 0) return { duplicate: true, applied: false };
      const applied = await this.applyEvent(tx, event, createdAt);
      if (applied) await tx.query(`update kyc_webhook_events set applied = true where digest = $1`, [digest]);
      return { duplicate: false, applied };
    });
  }

  private async applyEvent(tx: SqlRunner, event: ProviderWebhookEvent, createdAt: Date): Promise<boolean> {
    const [a] = await tx.query<{ id: string; user_id: string; status: string; last_event_at: Date | string | null }>(
      `select id::text as id, user_id::text as user_id, status, last_event_at from kyc2_applicants where applicant_id = $1 for update`,
      [event.applicantId],
    );
    if (!a) return false;
    if (a.last_event_at && createdAt.getTime() < new Date(a.last_event_at).getTime()) return false;
    // A decision stands: only a reset (RETRY) reopens a failed applicant; nothing reopens a verified one.
    if (a.status === 'verified') return false;
    const set = (status: string, extra = `reject_type = null, reject_labels = '{}', moderation_comment = null`) =>
      tx.query(
        `update kyc2_applicants set status = $2, ${extra}, last_event_at = $3, updated_at = now() where id = $1::bigint`,
        [a.id, status, createdAt.toISOString()],
      );
    switch (event.type) {
      case 'applicantCreated':
        await tx.query(`update kyc2_applicants set last_event_at = $2 where id = $1::bigint`, [
          a.id,
          createdAt.toISOString(),
        ]);
        return true;
      case 'applicantPending':
      case 'applicantOnHold':
        if (a.status === 'failed') return false;
        await set('pending');
        return true;
      case 'applicantReset':
        await set('init');
        return true;
      case 'applicantReviewed': {
        const r = event.reviewResult;
        if (!r) return false;
        if (r.reviewAnswer === 'GREEN') {
          await set('verified');
          await tx.query(
            `update users set kyc_level = greatest(kyc_level, 2), updated_at = now() where id = $1::bigint`,
            [a.user_id],
          );
          await this.noteApprovedIdentity(tx, a.user_id);
          // Nothing reopens a verified applicant: one approval event per customer.
          await this.o.events?.record(tx, {
            type: 'kyc.level2_approved',
            userId: a.user_id,
            aggregateId: `kyc2:${a.user_id}`,
          });
          return true;
        }
        // A second RED for an applicant already failed (resent with another timestamp) is not a new decision.
        if (a.status !== 'failed') {
          await this.o.events?.record(tx, {
            type: 'kyc.level2_rejected',
            userId: a.user_id,
            aggregateId: `kyc2:${a.id}:${createdAt.getTime()}`,
            payload: { rejectType: r.reviewRejectType ?? 'FINAL', canRetry: r.reviewRejectType === 'RETRY' },
          });
        }
        await tx.query(
          `update kyc2_applicants set status = 'failed', reject_type = $2, reject_labels = $3::text[], moderation_comment = $4, last_event_at = $5, updated_at = now()
           where id = $1::bigint`,
          [
            a.id,
            r.reviewRejectType ?? 'FINAL',
            r.rejectLabels ?? [],
            r.moderationComment ?? null,
            createdAt.toISOString(),
          ],
        );
        return true;
      }
    }
    return false;
  }
}
