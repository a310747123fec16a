import { describe, expect, it, vi } from 'vitest';
import { isApiError, type HttpClient } from '@cardwallet/shared';
import { uploadImageFile } from './upload-image';

const image = { id: 'img1', url: 'upload/image/img1', contentType: 'image/png', size: 4 };
const ticket = {
  mode: 'direct',
  url: 'http://127.0.0.1:9/bucket',
  fields: { key: 'incoming/1/abc', Policy: 'cG9saWN5', 'X-Amz-Signature': 'ff' },
  key: 'incoming/1/abc',
  expiresAt: '2030-01-01T00:00:00.000Z',
  maxBytes: 20971520,
};

function fakeHttp(mode: 'api' | 'direct') {
  const post = vi.fn(async (url: string) => {
    if (url === 'upload/image/direct') return mode === 'api' ? { mode: 'api' } : ticket;
    if (url === 'upload/image/direct/complete') return { files: [image] };
    throw new Error(url);
  });
  const upload = vi.fn(async () => ({ files: [image] }));
  return { http: { post, upload } as unknown as HttpClient, post, upload };
}
const file = () => new File([new Uint8Array([137, 80, 78, 71])], 'a.png', { type: 'image/png' });

describe('uploadImageFile', () => {
  it('without a bucket: the API upload, as before', async () => {
    const { http, post, upload } = fakeHttp('api');
    const bucket = vi.fn();
    expect(await uploadImageFile(http, file(), { fetch: bucket })).toEqual(image);
    expect(post).toHaveBeenCalledWith('upload/image/direct', { contentType: 'image/png' }, { prompt: false });
    expect(upload).toHaveBeenCalledOnce();
    expect(bucket).not.toHaveBeenCalled();
  });

  it('with a bucket: the form (policy fields first, then the file) to the bucket, then complete with the key', async () => {
    const { http, post, upload } = fakeHttp('direct');
    const bucket = vi.fn(async (_url: string, init: RequestInit) => {
      const form = init.body as FormData;
      expect([...form.keys()]).toEqual(['key', 'Policy', 'X-Amz-Signature', 'file']);
      expect(init.credentials).toBe('omit');
      return new Response(null, { status: 204 });
    });
    expect(await uploadImageFile(http, file(), { fetch: bucket as unknown as typeof fetch })).toEqual(image);
    expect(bucket.mock.calls[0]![0]).toBe(ticket.url);
    expect(post).toHaveBeenLastCalledWith('upload/image/direct/complete', { key: ticket.key }, { prompt: false });
    expect(upload).not.toHaveBeenCalled();
  });

  it("maps the bucket's refusals to translated keys and never completes", async () => {
    for (const [xml, key] of [
      ['<Error><Code>EntityTooLarge</Code></Error>', 'upload_too_large'],
      [
        '<Error><Code>AccessDenied</Code><Message>Invalid according to Policy: Policy expired.</Message></Error>',
        'upload_expired',
      ],
      ['<Error><Code>InternalError</Code></Error>', 'upload_incomplete'],
    ] as const) {
      const { http, post } = fakeHttp('direct');
      const bucket = vi.fn(async () => new Response(xml, { status: 400 }));
      const error = await uploadImageFile(http, file(), { fetch: bucket as unknown as typeof fetch }).catch((e) => e);
      expect(isApiError(error) && error.key).toBe(key);
      expect(post).toHaveBeenCalledTimes(1);
    }
  });

  it('a network failure is a network error', async () => {
    const { http } = fakeHttp('direct');
    const bucket = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await uploadImageFile(http, file(), { fetch: bucket as unknown as typeof fetch }).catch((e) => e);
    expect(isApiError(error) && error.key).toBe('network_error');
  });
});
