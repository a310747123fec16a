import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { SqlDatabase } from '../../ledger/sql.js';
import type { Clock } from '../../http/clock.js';
import { normaliseDocumentNumber } from '@cardwallet/shared/schemas';
import type {
  AccessToken,
  ApplicantInfo,
  DocumentCheckInput,
  DocumentCheckResult,
  ProviderWebhookEvent,
  VerificationProvider,
} from './types.js';

/**
 * The sandbox verification provider: behaves like the real one (applicants, short-lived tokens,
 * a hosted flow, a review that takes time, signed webhooks with retries) and decides by rules a
 * tester can reproduce (docs/kyc.md "Sandbox rules"):
 *
 * - Level 1: the sandbox "registry" does not know a document number ending in `0000` →
 *   rejected, `document_mismatch` ("document number or name wrong").
 * - Level 2: the document number typed on the provider's page must be the one verified at level 1
 *   (else RED + RETRY, label DOCUMENT_NUMBER_MISMATCH); a level-1 document number ending in `9999`
 *   is a document reported stolen → RED + FINAL (label FORGERY); otherwise GREEN.
 *
 * Its own records live in `sandbox_kyc_*` tables (the real provider keeps them on its side).
 */
export const SANDBOX_WEBHOOK_SECRET = 'cardwallet-sandbox-kyc-webhook-secret';
export const SANDBOX_FLOW_PATH = '/sandbox-provider/kyc/sdk';

export interface SandboxKycOptions {
  db: SqlDatabase;
  clock: Clock;
  webhookSecret: string;
  /** How long the "review" takes after submission. */
  reviewDelayMs: number;
  /** Sends one signed webhook; resolves true when our API accepted it. */
  deliver: (body: string, headers: Record<string, string>) => Promise<boolean>;
}

export interface SandboxApplicant {
  applicantId: string;
  externalUserId: string;
  levelName: string;
  firstName: string;
  lastName: string;
  documentNumber: string;
  reviewStatus: string;
}

const hashOf = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export class SandboxVerificationProvider implements VerificationProvider {
  readonly name = 'sandbox';
  readonly level2Name = 'cardwallet-level2';
  constructor(private readonly o: SandboxKycOptions) {}

  async checkDocument(input: DocumentCheckInput): Promise<DocumentCheckResult> {
    const reference = `sbx-doc-${randomBytes(8).toString('hex')}`;
    if (normaliseDocumentNumber(input.documentNumber).endsWith('0000'))
      return { decision: 'rejected', reference, reason: 'document_mismatch' };
    return { decision: 'verified', reference };
  }

  async createApplicant(
    externalUserId: string,
    levelName: string,
    info: ApplicantInfo,
  ): Promise<{ applicantId: string }> {
    const [existing] = await this.o.db.query<{ applicant_id: string }>(
      `select applicant_id from sandbox_kyc_applicants where external_user_id = $1 and level_name = $2`,
      [externalUserId, levelName],
    );
    if (existing) return { applicantId: existing.applicant_id };
    const applicantId = randomBytes(12).toString('hex');
    await this.o.db.query(
      `insert into sandbox_kyc_applicants (applicant_id, external_user_id, level_name, first_name, last_name, document_number, created_at)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [
        applicantId,
        externalUserId,
        levelName,
        info.firstName,
        info.lastName,
        normaliseDocumentNumber(info.documentNumber),
        this.o.clock.now().toISOString(),
      ],
    );
    await this.queue(applicantId, 'applicantCreated', 0);
    return { applicantId };
  }

  async createAccessToken(
    _externalUserId: string,
    applicantId: string,
    _levelName: string,
    ttlSeconds: number,
    locale: string,
  ): Promise<AccessToken> {
    const token = `sbx_${randomBytes(32).toString('base64url')}`;
    const expiresAt = new Date(this.o.clock.now().getTime() + ttlSeconds * 1000);
    await this.o.db.query(`insert into sandbox_kyc_tokens (token_hash, applicant_id, expires_at) values ($1, $2, $3)`, [
      hashOf(token),
      applicantId,
      expiresAt.toISOString(),
    ]);
    // The token travels in the fragment: never sent to a server, never in a log.
    return {
      token,
      expiresAt,
      flowUrl: `${SANDBOX_FLOW_PATH}?lang=${encodeURIComponent(locale)}#accessToken=${token}`,
    };
  }

  async resetApplicant(applicantId: string): Promise<void> {
    await this.o.db.query(`update sandbox_kyc_applicants set review_status = 'init' where applicant_id = $1`, [
      applicantId,
    ]);
    await this.queue(applicantId, 'applicantReset', 0);
  }

  // ---- The hosted flow's side ---------------------------------------------------------------------

  /** The applicant behind a live access token, or null (unknown or expired). */
  async applicantOfToken(token: string): Promise<SandboxApplicant | null> {
    const [row] = await this.o.db.query<{
      applicant_id: string;
      external_user_id: string;
      level_name: string;
      first_name: string;
      last_name: string;
      document_number: string;
      review_status: string;
    }>(
      `select a.* from sandbox_kyc_tokens t join sandbox_kyc_applicants a using (applicant_id)
       where t.token_hash = $1 and t.expires_at > $2`,
      [hashOf(token), this.o.clock.now().toISOString()],
    );
    if (!row) return null;
    return {
      applicantId: row.applicant_id,
      externalUserId: row.external_user_id,
      levelName: row.level_name,
      firstName: row.first_name,
      lastName: row.last_name,
      documentNumber: row.document_number,
      reviewStatus: row.review_status,
    };
  }

  /** The customer submitted document photos and a selfie: pending now, the decision later. */
  async submit(
    applicant: SandboxApplicant,
    typedDocumentNumber: string,
    reviewDelayMs = this.o.reviewDelayMs,
  ): Promise<void> {
    const moved = await this.o.db.query(
      `update sandbox_kyc_applicants set review_status = 'pending' where applicant_id = $1 and review_status = 'init' returning applicant_id`,
      [applicant.applicantId],
    );
    if (moved.length === 0) throw new Error('already submitted');
    await this.queue(applicant.applicantId, 'applicantPending', 0);
    const stored = applicant.documentNumber;
    let result: ProviderWebhookEvent['reviewResult'];
    if (stored.endsWith('9999')) {
      result = {
        reviewAnswer: 'RED',
        reviewRejectType: 'FINAL',
        rejectLabels: ['FORGERY'],
        moderationComment: 'This document has been reported as stolen and cannot be accepted.',
      };
    } else if (normaliseDocumentNumber(typedDocumentNumber) !== stored) {
      result = {
        reviewAnswer: 'RED',
        reviewRejectType: 'RETRY',
        rejectLabels: ['DOCUMENT_NUMBER_MISMATCH'],
        moderationComment:
          'The document number on the photo does not match the details you gave. Please photograph the same document again.',
      };
    } else {
      result = { reviewAnswer: 'GREEN' };
    }
    await this.queue(applicant.applicantId, 'applicantReviewed', Math.max(1, reviewDelayMs), result);
  }

  private async queue(
    applicantId: string,
    type: ProviderWebhookEvent['type'],
    delayMs: number,
    reviewResult?: ProviderWebhookEvent['reviewResult'],
  ): Promise<void> {
    const [a] = await this.o.db.query<{ external_user_id: string; level_name: string }>(
      `select external_user_id, level_name from sandbox_kyc_applicants where applicant_id = $1`,
      [applicantId],
    );
    if (!a) return;
    const due = new Date(this.o.clock.now().getTime() + delayMs);
    if (type === 'applicantReviewed') {
      await this.o.db.query(`update sandbox_kyc_applicants set review_status = 'completed' where applicant_id = $1`, [
        applicantId,
      ]);
    }
    const event: ProviderWebhookEvent = {
      type,
      applicantId,
      externalUserId: a.external_user_id,
      levelName: a.level_name,
      reviewStatus: type === 'applicantReviewed' ? 'completed' : type === 'applicantPending' ? 'pending' : 'init',
      // The event's creation time is when the provider decided; delivery may come later.
      createdAtMs: due.toISOString(),
      ...(reviewResult ? { reviewResult } : {}),
    };
    await this.o.db.query(`insert into sandbox_kyc_outbox (applicant_id, body, due_at) values ($1, $2, $3)`, [
      applicantId,
      JSON.stringify(event),
      due.toISOString(),
    ]);
  }

  /** Signs a body the way the provider does (X-Payload-Digest, HMAC_SHA256_HEX). */
  static sign(body: string, secret: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      'x-payload-digest': createHmac('sha256', secret).update(body, 'utf8').digest('hex'),
      'x-payload-digest-alg': 'HMAC_SHA256_HEX',
    };
  }

  /**
   * Delivers every due webhook in creation order; a refused or failed delivery is retried later
   * with backoff (the real provider retries after 5 min, 1 h, 5 h, 18 h; the sandbox is quicker).
   */
  async deliverDue(limit = 20): Promise<number> {
    const now = this.o.clock.now();
    const rows = await this.o.db.query<{ id: string; body: string; attempts: number }>(
      `select id::text as id, body, attempts from sandbox_kyc_outbox where delivered_at is null and due_at <= $1 and attempts < 10 order by due_at, id limit $2`,
      [now.toISOString(), limit],
    );
    let delivered = 0;
    for (const row of rows) {
      let ok: boolean;
      try {
        ok = await this.o.deliver(row.body, SandboxVerificationProvider.sign(row.body, this.o.webhookSecret));
      } catch {
        ok = false;
      }
      if (ok) {
        delivered++;
        await this.o.db.query(
          `update sandbox_kyc_outbox set delivered_at = $2, attempts = attempts + 1 where id = $1::bigint`,
          [row.id, now.toISOString()],
        );
      } else {
        const backoff = 2000 * 2 ** row.attempts;
        await this.o.db.query(
          `update sandbox_kyc_outbox set attempts = attempts + 1, due_at = $2 where id = $1::bigint`,
          [row.id, new Date(now.getTime() + backoff).toISOString()],
        );
      }
    }
    return delivered;
  }
}
