import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UPLOAD_MAX_BYTES, type DirectUploadTicket, type UploadedImage } from '@cardwallet/shared/schemas';
import { BusinessError, rateLimited } from '../../http/errors.js';
import type { DirectUploadStore, ObjectStore } from '../../providers/object-store/index.js';
import { isDirectUploadStore } from '../../providers/object-store/index.js';
import { ImageFilter } from '../../media/image-filter.js';
import { reserveUploadSlot, uploadError, uploadRefusal, uploadsPerIp } from './upload.js';

/** A claim older than this was left by a process that died halfway: another completion may take it over. */
const CLAIM_STALE_MS = 120_000;
/** After the token's expiry, `complete` is still accepted this long (the upload itself was checked by the bucket at its expiry). */
const COMPLETE_GRACE_MS = 10 * 60_000;
/** How long a second `complete` of the same key waits for the first one to finish. */
const WAIT_FOR_OTHER_MS = 30_000;

type Failure = 'upload_not_image' | 'upload_too_large' | 'upload_incomplete' | 'upload_expired';

interface TokenRow {
  content_type: string;
  max_bytes: number;
  expires_at: Date | string;
  status: 'issued' | 'processing' | 'completed' | 'failed';
  public_id: string | null;
  failure: string | null;
}

/**
 * Uploads straight from the browser to the bucket (docs/kyc.md "Direct uploads"):
 *
 * 1. `issue`: a presigned POST policy for one random key under `incoming/<user>/`, this content
 *    type, 1 byte..20 MB, valid `UPLOAD_TOKEN_TTL_SECONDS`. One slot of the daily quota is reserved
 *    per token, as per file of the API upload. The token is a row of `upload_tokens`.
 * 2. The browser POSTs the file to the bucket, which enforces the policy.
 * 3. `complete`: the customer's own token, claimed once; the object is read back through the image
 *    filter (type by content, ≤ 20 MB, GPS/XMP/IPTC removed, complete) and the clean copy is stored
 *    under `images/<user>/<id>` as an `uploaded_images` row — the same row the API upload makes, so
 *    KYC level 1 and dispute evidence accept it as any other upload of this customer. The incoming
 *    object is deleted whatever the outcome; a refused one leaves nothing.
 */
export class DirectUploads {
  readonly store: DirectUploadStore | null;
  constructor(
    private readonly app: FastifyInstance,
    store: ObjectStore,
    private readonly opts: { enabled: boolean; tokenTtlSeconds: number },
  ) {
    this.store = opts.enabled && isDirectUploadStore(store) ? store : null;
  }

  /** `request` null: issued by the server itself (the demo seed), no per-IP limit. */
  async issue(request: FastifyRequest | null, userId: string, contentType: string): Promise<DirectUploadTicket> {
    if (!this.store) return { mode: 'api' };
    if (request) {
      const ipWait = await this.app.ipLimiter.hit(
        request,
        'upload',
        uploadsPerIp(this.app),
        this.app.config.limits.ipWindowSeconds,
      );
      if (ipWait > 0) throw rateLimited('rate_limited', ipWait);
    }
    await reserveUploadSlot(this.app, userId);
    const now = this.app.clock.now();
    const expiresAt = new Date(now.getTime() + this.opts.tokenTtlSeconds * 1000);
    const key = `incoming/${userId}/${randomBytes(16).toString('base64url')}`;
    await this.app.database.sql.query(
      `insert into upload_tokens (object_key, user_id, content_type, max_bytes, expires_at, created_at) values ($1, $2::bigint, $3, $4, $5, $6)`,
      [key, userId, contentType, UPLOAD_MAX_BYTES, expiresAt.toISOString(), now.toISOString()],
    );
    const post = await this.store.presignPost(key, { contentType, maxBytes: UPLOAD_MAX_BYTES, expiresAt });
    return {
      mode: 'direct',
      url: post.url,
      fields: post.fields,
      key,
      expiresAt: expiresAt.toISOString(),
      maxBytes: UPLOAD_MAX_BYTES,
    };
  }

  async complete(userId: string, key: string): Promise<UploadedImage> {
    if (!this.store) throw new BusinessError('not_found');
    const store = this.store;
    const db = this.app.database.sql;
    const deadline = Date.now() + WAIT_FOR_OTHER_MS;
    for (;;) {
      const now = this.app.clock.now();
      const [claimed] = await db.query<TokenRow>(
        `update upload_tokens set status = 'processing', claimed_at = $3
          where object_key = $1 and user_id = $2::bigint
            and (status = 'issued' or (status = 'processing' and claimed_at < $4))
          returning content_type, max_bytes, expires_at, status, public_id, failure`,
        [key, userId, now.toISOString(), new Date(now.getTime() - CLAIM_STALE_MS).toISOString()],
      );
      if (claimed) return this.process(store, userId, key, claimed, now);
      const [row] = await db.query<TokenRow>(
        `select content_type, max_bytes, expires_at, status, public_id, failure from upload_tokens where object_key = $1 and user_id = $2::bigint`,
        [key, userId],
      );
      // Another customer's key answers exactly like an unknown one.
      if (!row) throw new BusinessError('not_found');
      if (row.status === 'completed') return this.image(userId, row.public_id!);
      if (row.status === 'failed') throw uploadError((row.failure as Failure | null) ?? 'upload_incomplete');
      // Another request is verifying it right now: answer what it decides.
      if (Date.now() > deadline) throw uploadError('upload_incomplete');
      await sleep(100);
    }
  }

  private async process(
    store: DirectUploadStore,
    userId: string,
    key: string,
    token: TokenRow,
    claimedAt: Date,
  ): Promise<UploadedImage> {
    const db = this.app.database.sql;
    const fail = async (failure: Failure, clean?: string): Promise<never> => {
      await Promise.all([store.delete(key).catch(() => {}), clean ? store.delete(clean).catch(() => {}) : null]);
      await db.query(
        `update upload_tokens set status = 'failed', failure = $3 where object_key = $1 and user_id = $2::bigint and status = 'processing'`,
        [key, userId, failure],
      );
      throw uploadError(failure);
    };
    if (claimedAt.getTime() > new Date(token.expires_at).getTime() + COMPLETE_GRACE_MS) return fail('upload_expired');
    const body = await store.get(key);
    // Nothing arrived: never uploaded, or refused by the bucket (too large, expired policy).
    if (!body) return fail('upload_incomplete');
    const publicId = randomBytes(16).toString('base64url');
    const cleanKey = `images/${userId}/${publicId}`;
    const filter = new ImageFilter(Math.min(token.max_bytes, UPLOAD_MAX_BYTES));
    try {
      await Promise.all([pipeline(body, filter), store.put(cleanKey, filter, 'application/octet-stream')]);
    } catch (e) {
      filter.destroy();
      const refusal = uploadRefusal(e);
      if (!refusal) {
        // Not a verdict on the file (the bucket answered an error): leave it claimed for a retry after the stale delay.
        await store.delete(cleanKey).catch(() => {});
        throw e;
      }
      return fail(refusal.key as Failure, cleanKey);
    }
    const now = this.app.clock.now().toISOString();
    const won = await db.transaction(async (tx) => {
      const [mine] = await tx.query<{ object_key: string }>(
        `update upload_tokens set status = 'completed', public_id = $3
          where object_key = $1 and user_id = $2::bigint and status = 'processing' and claimed_at = $4
          returning object_key`,
        [key, userId, publicId, claimedAt.toISOString()],
      );
      if (!mine) return false; // another process took the claim over meanwhile: its result stands
      await tx.query(
        `insert into uploaded_images (public_id, user_id, object_key, content_type, size_bytes, sha256, created_at) values ($1, $2::bigint, $3, $4, $5, $6, $7)`,
        [publicId, userId, cleanKey, filter.type, filter.bytesOut, filter.sha256, now],
      );
      return true;
    });
    if (!won) {
      await store.delete(cleanKey).catch(() => {});
      return this.complete(userId, key);
    }
    await store.delete(key).catch(() => {});
    return this.image(userId, publicId);
  }

  private async image(userId: string, publicId: string): Promise<UploadedImage> {
    const [row] = await this.app.database.sql.query<{ content_type: string; size_bytes: string }>(
      `select content_type, size_bytes::text as size_bytes from uploaded_images where public_id = $1 and user_id = $2::bigint`,
      [publicId, userId],
    );
    if (!row) throw new BusinessError('not_found');
    return {
      id: publicId,
      url: `upload/image/${publicId}`,
      contentType: row.content_type,
      size: Number(row.size_bytes),
    };
  }

  /**
   * Tokens never completed, an hour past their expiry: their objects (if any arrived) are deleted
   * and the token marked failed. The bucket's lifecycle rule on `incoming/` is the backstop.
   */
  async sweep(limit = 100): Promise<number> {
    if (!this.store) return 0;
    const before = new Date(this.app.clock.now().getTime() - 3600_000).toISOString();
    const rows = await this.app.database.sql.query<{ object_key: string }>(
      `update upload_tokens set status = 'failed', failure = 'upload_expired'
        where object_key in (select object_key from upload_tokens where status = 'issued' and expires_at < $1 order by expires_at limit $2)
          and status = 'issued'
        returning object_key`,
      [before, limit],
    );
    for (const r of rows) await this.store.delete(r.object_key).catch(() => {});
    return rows.length;
  }
}
