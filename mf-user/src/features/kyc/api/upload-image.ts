import { useHost, type HttpClient } from '@cardwallet/shared';
import type { UploadedImage } from '@cardwallet/shared/schemas';
import { uploadImageFile } from '@cardwallet/shared/forms';

/**
 * One document photo: straight to the bucket with an upload token when one is configured, else
 * through POST upload/image (the shared helper asks the API which; docs/kyc.md "Direct uploads").
 */
export async function uploadImage(http: HttpClient, file: File): Promise<UploadedImage> {
  return uploadImageFile(http, file);
}

export function useUploadImage() {
  const { http } = useHost();
  return (file: File) => uploadImage(http, file);
}
