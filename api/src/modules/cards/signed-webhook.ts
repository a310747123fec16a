import type { FastifyRequest } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { BusinessError } from '../../http/errors.js';
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, verifyWebhookSignature } from '../../providers/card-issuer/webhook.js';

/**
 * The issuer's webhook routes read their body raw (the signature is over the exact bytes): the body
 * is not validated by the schema (it documents it), params and query still are.
 */
export const rawBodyValidatorCompiler = (route: { httpPart?: string }) =>
  route.httpPart === 'body'
    ? (data: unknown) => ({ value: data })
    : zodValidatorCompiler(route as unknown as Parameters<typeof zodValidatorCompiler>[0]);

/**
 * The raw body of an issuer webhook whose signature and timestamp verify (constant-time, see
 * verifyWebhookSignature); otherwise `webhook_stale` (422) or `webhook_signature_invalid` (401).
 */
export function verifiedWebhookBody(request: FastifyRequest, secret: string, now: Date, label: string): Buffer {
  const raw = Buffer.isBuffer(request.body) ? request.body : null;
  const header = (name: string) =>
    typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined;
  const verdict = raw
    ? verifyWebhookSignature(
        secret,
        raw,
        { signature: header(SIGNATURE_HEADER), timestamp: header(TIMESTAMP_HEADER) },
        now,
      )
    : 'missing';
  if (verdict === 'stale') throw new BusinessError('webhook_stale', {}, { code: 422 });
  if (verdict !== 'ok' || !raw) {
    request.log.warn({ verdict }, `${label} refused: signature`);
    throw new BusinessError('webhook_signature_invalid', {}, { code: 401 });
  }
  return raw;
}
