import { ApiError } from '../api/envelope';
import type { HttpClient } from '../contract';
import { DIRECT_UPLOAD_CONTENT_TYPES, directUploadTicket, uploadImageResult, type UploadedImage } from '../schemas/kyc';

/** Uploads move more bytes than API calls: the 60 s reading of the spec (docs/architecture.md). */
const UPLOAD_TIMEOUT_MS = 60_000;

/**
 * One image upload, the same for every feature app (KYC photos, dispute evidence): asks the API
 * for an upload token; with a bucket configured (`mode: 'direct'`) POSTs the file straight to the
 * bucket with the presigned form fields and then asks the API to verify and accept it
 * (`upload/image/direct/complete`, idempotent); without one (`mode: 'api'`) uploads through
 * `upload/image` as before. Resolves with the stored image (its id is what submissions name);
 * rejects with an {@link ApiError} whose key the shared catalogue translates.
 */
export async function uploadImageFile(
  http: HttpClient,
  file: File,
  deps: { fetch?: typeof fetch } = {},
): Promise<UploadedImage> {
  const contentType = (DIRECT_UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)
    ? (file.type as (typeof DIRECT_UPLOAD_CONTENT_TYPES)[number])
    : 'image/jpeg';
  const ticket = directUploadTicket.parse(
    await http.post<unknown>('upload/image/direct', { contentType }, { prompt: false }),
  );
  if (ticket.mode === 'api') {
    return uploadImageResult.parse(await http.upload<unknown>([file], { prompt: false })).files[0]!;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', file, file.name || 'photo');
  let answer: Response;
  try {
    answer = await (deps.fetch ?? fetch)(ticket.url, {
      method: 'POST',
      body: form,
      credentials: 'omit',
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
    });
  } catch (e) {
    const timedOut = (e as { name?: string })?.name === 'TimeoutError';
    throw new ApiError('', 0, undefined, timedOut ? 'timeout' : 'network_error');
  }
  if (!answer.ok) {
    // S3's XML error: too large and an expired policy have their own texts; anything else, upload again.
    const text = await answer.text().catch(() => '');
    const key = /EntityTooLarge/.test(text)
      ? 'upload_too_large'
      : /Policy expired/i.test(text)
        ? 'upload_expired'
        : 'upload_incomplete';
    throw new ApiError('', answer.status, 422, key);
  }
  const done = await http.post<unknown>('upload/image/direct/complete', { key: ticket.key }, { prompt: false });
  return uploadImageResult.parse(done).files[0]!;
}
