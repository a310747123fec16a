import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { KycService, type KycServiceOptions } from '../../src/modules/kyc/service';

/** The webhook's signature algorithm is fixed by configuration (KYC_WEBHOOK_ALGORITHM), never by the caller. */
describe('KYC webhook signature algorithm', () => {
  const body = Buffer.from('{"type":"applicantReviewed"}');
  const hmac = (algo: string) => createHmac(algo, 'secret').update(body).digest('hex');
  const service = (webhookAlgorithm?: KycServiceOptions['webhookAlgorithm']) =>
    new KycService({ webhookSecret: 'secret', webhookAlgorithm } as KycServiceOptions);

  it('configured SHA-512: only SHA-512 signatures, with or without the header naming it', () => {
    const s = service('HMAC_SHA512_HEX');
    expect(s.verifySignature(body, hmac('sha512'), 'HMAC_SHA512_HEX')).toBe(true);
    expect(s.verifySignature(body, hmac('sha512'), undefined)).toBe(true);
    expect(s.verifySignature(body, hmac('sha256'), 'HMAC_SHA256_HEX')).toBe(false);
    expect(s.verifySignature(body, hmac('sha256'), undefined)).toBe(false);
  });

  it('default SHA-256: SHA-1 and SHA-512 refused even when correctly computed and named', () => {
    const s = service();
    expect(s.verifySignature(body, hmac('sha256'), 'HMAC_SHA256_HEX')).toBe(true);
    expect(s.verifySignature(body, hmac('sha1'), 'HMAC_SHA1_HEX')).toBe(false);
    expect(s.verifySignature(body, hmac('sha512'), 'HMAC_SHA512_HEX')).toBe(false);
    expect(s.verifySignature(body, hmac('sha1'), undefined)).toBe(false);
  });
});
