import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness';
import { removeScratch, kycTestEnv, useScratchUploads } from './support';

const scratch = useScratchUploads();

describe('KYC routes in the OpenAPI document (pglite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite', kycTestEnv(scratch));
  });
  afterAll(async () => {
    await t?.close();
    removeScratch(scratch);
  });

  it('documents every KYC and upload route with its request body', async () => {
    const doc = JSON.parse((await t.inject({ method: 'GET', url: '/api/docs/json' })).body);
    const body = (path: string) => doc.paths[path]?.post?.requestBody?.content;
    expect(Object.keys(body('/api/kyc/level1'))).toContain('application/json');
    expect(body('/api/upload/image')['multipart/form-data'].schema.properties.file.items.format).toBe('binary');
    expect(body('/api/kyc/webhook')['application/json'].schema.required).toEqual(
      expect.arrayContaining(['type', 'applicantId', 'createdAtMs']),
    );
    expect(doc.paths['/api/kyc/webhook'].post.parameters.map((p: { name: string }) => p.name)).toContain(
      'x-payload-digest',
    );
    expect(doc.paths['/api/kyc/status'].get).toBeDefined();
    expect(doc.paths['/api/upload/image/{id}'].get).toBeDefined();
    expect(body('/api/kyc/level2/accessToken')).toBeDefined();
  });
});
