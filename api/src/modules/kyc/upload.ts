import { randomBytes } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '@cardwallet/shared';
import { UPLOAD_MAX_BYTES, UPLOAD_MAX_FILES, type UploadedImage } from '@cardwallet/shared/schemas';
import { BusinessError, rateLimited } from '../../http/errors.js';
import type { ObjectStore } from '../../providers/object-store/index.js';
import { ImageFilter, ImageRejected } from '../../media/image-filter.js';

/** The limits handed to @fastify/multipart (busboy) for image uploads. */
export const MULTIPART_LIMITS = {
  fileSize: UPLOAD_MAX_BYTES,
  files: UPLOAD_MAX_FILES,
  fields: 10,
  fieldSize: 1024,
  parts: UPLOAD_MAX_FILES + 10,
  headerPairs: 50,
};

export function uploadError(
  key:
    | 'upload_not_image'
    | 'upload_too_large'
    | 'upload_incomplete'
    | 'upload_too_many_files'
    | 'upload_not_multipart'
    | 'upload_empty'
    | 'upload_expired',
): BusinessError {
  return new BusinessError(key, { max: UPLOAD_MAX_FILES }, { code: ResultCode.invalidParams });
}

/** Maps what busboy / @fastify/multipart / the image filter throw to a clear refusal, or null. */
export function uploadRefusal(e: unknown): BusinessError | null {
  if (e instanceof BusinessError) return e;
  if (e instanceof ImageRejected) {
    return uploadError(
      e.reason === 'not_image'
        ? 'upload_not_image'
        : e.reason === 'too_large'
          ? 'upload_too_large'
          : 'upload_incomplete',
    );
  }
  const code = (e as { code?: string }).code;
  const message = String((e as Error)?.message ?? '');
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadError('upload_too_large');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') return uploadError('upload_too_many_files');
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_NO_FORM_DATA')
    return uploadError('upload_not_multipart');
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_INVALID_JSON_FIELD_ERROR')
    return uploadError('upload_not_multipart');
  if (
    /Unexpected end of (form|multipart)|Part terminated early|Malformed|boundary|premature close|aborted/i.test(
      message,
    ) ||
    code === 'ERR_STREAM_PREMATURE_CLOSE'
  ) {
    return uploadError('upload_incomplete');
  }
  return null;
}

/** No byte for this long while the request is still open: the client is gone (the client's upload timeout is 60 s). */
const STALL_MS = 60_000;

/**
 * busboy leaves a part's stream open (or destroys it without an error, which `pipeline` may never
 * notice) when the body ends inside the part; this fails such a part with `incomplete` instead of
 * waiting forever.
 */
function watchForStall(file: Readable): { stop: () => void; failed: Promise<never> } {
  let last = Date.now();
  const onData = () => {
    last = Date.now();
  };
  file.on('data', onData);
  let timer: NodeJS.Timeout | undefined;
  const failed = new Promise<never>((_resolve, reject) => {
    timer = setInterval(() => {
      const idle = Date.now() - last;
      // busboy destroyed the part (the body ended inside it) without telling the pipeline.
      const cutOff = file.destroyed && !file.readableEnded;
      if (cutOff || idle > STALL_MS) {
        const err = new ImageRejected('incomplete');
        file.destroy(err);
        reject(err);
      }
    }, 50);
    timer.unref();
  });
  failed.catch(() => {});
  return {
    failed,
    stop: () => {
      clearInterval(timer);
      file.off('data', onData);
    },
  };
}

/** Images a customer may upload per 24 h (UPLOAD_MAX_PER_DAY, config/uploads.ts). */
const uploadsPerDay = (app: FastifyInstance) => app.config.uploads.limits.perDay;
/** Bytes of all files of one request together (UPLOAD_MAX_REQUEST_BYTES, default three full-size photos). */
const bytesPerRequest = (app: FastifyInstance) => app.config.uploads.limits.requestBytes;
/** Upload requests per IP per IP_WINDOW_SECONDS (IP_UPLOAD_MAX), shared through Redis when set. */
export const uploadsPerIp = (app: FastifyInstance) => app.config.uploads.limits.perIp;

/**
 * Reserves one file of the customer's daily quota BEFORE the file is streamed: one atomic upsert,
 * so 50 parallel requests cannot all pass a check made before any of them stored anything. A
 * reserved slot stays used even when the file is then refused (a refused file cost us the work).
 */
export async function reserveUploadSlot(app: FastifyInstance, userId: string): Promise<void> {
  const now = app.clock.now();
  const since = new Date(now.getTime() - 86400_000).toISOString();
  const [row] = await app.database.sql.query<{ files: number; window_started_at: Date | string }>(
    `insert into upload_quota (user_id, window_started_at, files) values ($1::bigint, $2, 1)
     on conflict (user_id) do update set
       files = case when upload_quota.window_started_at <= $3 then 1 else upload_quota.files + 1 end,
       window_started_at = case when upload_quota.window_started_at <= $3 then $2 else upload_quota.window_started_at end
     returning files, window_started_at`,
    [userId, now.toISOString(), since],
  );
  if (row && row.files > uploadsPerDay(app)) {
    const resetsIn = (new Date(row.window_started_at).getTime() + 86400_000 - now.getTime()) / 1000;
    throw rateLimited('rate_limited', Math.max(1, resetsIn));
  }
}

interface Stored {
  key: string;
  publicId: string;
  contentType: string;
  size: number;
  sha256: string;
}

/**
 * POST upload/image: per-IP limit first; then every file part reserves a slot of the daily quota
 * and is streamed through the image filter (type by content, GPS removed, ≤ 20 MB and within the
 * request's total) into the object store; the rows are written once all parts arrived. A refusal
 * removes what this request already stored.
 */
export async function receiveImages(
  app: FastifyInstance,
  store: ObjectStore,
  request: FastifyRequest,
  userId: string,
): Promise<UploadedImage[]> {
  if (!request.isMultipart()) throw uploadError('upload_not_multipart');
  const ipWait = await app.ipLimiter.hit(request, 'upload', uploadsPerIp(app), app.config.limits.ipWindowSeconds);
  if (ipWait > 0) throw rateLimited('rate_limited', ipWait);
  let requestBytesLeft = bytesPerRequest(app);
  const stored: Stored[] = [];
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS })) {
      if (part.type !== 'file') continue; // plain fields are ignored
      if (requestBytesLeft <= 0) throw uploadError('upload_too_large');
      await reserveUploadSlot(app, userId);
      const publicId = randomBytes(16).toString('base64url');
      const key = `images/${userId}/${publicId}`;
      // Each file ≤ 20 MB and all files of the request together ≤ UPLOAD_MAX_REQUEST_BYTES.
      const filter = new ImageFilter(Math.min(UPLOAD_MAX_BYTES, requestBytesLeft));
      const watch = watchForStall(part.file);
      try {
        await Promise.race([
          Promise.all([pipeline(part.file, filter), store.put(key, filter, 'application/octet-stream')]),
          watch.failed,
        ]);
      } catch (e) {
        filter.destroy();
        await store.delete(key).catch(() => {});
        // busboy cut the file at the size limit: whatever the filter made of the rest, it was too large.
        throw (part.file as { truncated?: boolean }).truncated ? uploadError('upload_too_large') : e;
      } finally {
        watch.stop();
      }
      if (part.file.truncated) {
        await store.delete(key);
        throw uploadError('upload_too_large');
      }
      requestBytesLeft -= filter.bytesOut;
      stored.push({ key, publicId, contentType: filter.type!, size: filter.bytesOut, sha256: filter.sha256 });
    }
    if (stored.length === 0) throw uploadError('upload_empty');
    const now = app.clock.now().toISOString();
    await app.database.sql.transaction(async (tx) => {
      for (const s of stored) {
        await tx.query(
          `insert into uploaded_images (public_id, user_id, object_key, content_type, size_bytes, sha256, created_at) values ($1, $2::bigint, $3, $4, $5, $6, $7)`,
          [s.publicId, userId, s.key, s.contentType, s.size, s.sha256, now],
        );
      }
    });
  } catch (e) {
    await Promise.all(stored.map((s) => store.delete(s.key).catch(() => {})));
    const refusal = uploadRefusal(e);
    if (refusal) {
      request.log.info(
        { err: { code: (e as { code?: string }).code, message: (e as Error).message } },
        'upload refused',
      );
      throw refusal;
    }
    throw e;
  }
  return stored.map((s) => ({
    id: s.publicId,
    url: `upload/image/${s.publicId}`,
    contentType: s.contentType,
    size: s.size,
  }));
}
