import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import { UPLOAD_MAX_BYTES } from '@cardwallet/shared/schemas';
import type { ObjectStore } from '../../providers/object-store/index.js';
import type { SandboxVerificationProvider } from '../../providers/kyc/sandbox.js';
import { demoDocumentPng } from './demo-image.js';
import { ImageFilter } from '../../media/image-filter.js';
import type { KycService } from './service.js';
import type { DirectUploads } from './direct-upload.js';

export const DEMO_KYC = {
  country: 'GB',
  documentType: 'passport' as const,
  firstName: 'Alex',
  lastName: 'Morgan',
  documentNumber: '533401286',
  birthDate: '1990-05-14',
};

/**
 * The `kyc` demo seed: the demo customer goes through verification the way a customer does —
 * a document photo through the image pipeline, the level-1 submission decided by the sandbox
 * provider, then the provider's level-2 flow (submission on the provider's side) decided GREEN and
 * reported to our API by a signed webhook. The cards seed runs after it.
 */
export function registerKycDemoSeed(
  app: FastifyInstance,
  service: KycService,
  sandbox: SandboxVerificationProvider,
  store: ObjectStore,
  direct: DirectUploads,
): void {
  app.demoSeeds.add({
    name: 'kyc',
    run: async ({ userId }) => {
      let status = await service.status(userId, 'en-US');
      if (status.level < 1 && direct.store) {
        // A bucket is configured (SANDBOX_BUCKET=1): the photo takes the browser's path — upload
        // token, a form POST straight to the bucket, then the API's verification.
        const ticket = await direct.issue(null, userId, 'image/png');
        if (ticket.mode !== 'direct') throw new Error('direct uploads expected');
        const form = new FormData();
        for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
        form.append('file', new Blob([demoDocumentPng()], { type: 'image/png' }), 'passport.png');
        const answer = await fetch(ticket.url, { method: 'POST', body: form, signal: AbortSignal.timeout(30_000) });
        if (!answer.ok) throw new Error(`the bucket refused the demo photo: ${answer.status} ${await answer.text()}`);
        const image = await direct.complete(userId, ticket.key);
        await service.submitLevel1(userId, { ...DEMO_KYC, documentImages: [image.id] }, 'en-US');
      } else if (status.level < 1) {
        const publicId = randomBytes(16).toString('base64url');
        const key = `images/${userId}/${publicId}`;
        const filter = new ImageFilter(UPLOAD_MAX_BYTES);
        await Promise.all([
          pipeline(Readable.from([demoDocumentPng()]), filter),
          store.put(key, filter, 'application/octet-stream'),
        ]);
        await app.database.sql.query(
          `insert into uploaded_images (public_id, user_id, object_key, content_type, size_bytes, sha256, created_at) values ($1, $2::bigint, $3, $4, $5, $6, $7)`,
          [publicId, userId, key, filter.type, filter.bytesOut, filter.sha256, app.clock.now().toISOString()],
        );
        await service.submitLevel1(userId, { ...DEMO_KYC, documentImages: [publicId] }, 'en-US');
      }
      status = await service.status(userId, 'en-US');
      if (status.level < 2) {
        if (status.level2.state === 'not_verified') {
          const token = await service.accessToken(userId, 'en-US');
          const applicant = await sandbox.applicantOfToken(token.token);
          if (!applicant) throw new Error('sandbox provider did not accept its own token');
          await sandbox.submit(applicant, DEMO_KYC.documentNumber, 0);
        }
        await new Promise((r) => setTimeout(r, 5));
        await sandbox.deliverDue();
        status = await service.status(userId, 'en-US');
        if (status.level < 2)
          throw new Error(`demo customer not verified to level 2 (level 2 state: ${status.level2.state})`);
      }
    },
  });
}
