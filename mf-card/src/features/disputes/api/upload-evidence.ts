import { useHost, type HttpClient } from '@cardwallet/shared';
import type { UploadedImage } from '@cardwallet/shared/schemas';
import { uploadImageFile } from '@cardwallet/shared/forms';

/**
 * One evidence image, through the shared upload helper: straight to the bucket when one is
 * configured, else POST upload/image (docs/kyc.md "Direct uploads").
 */
export async function uploadEvidence(http: HttpClient, file: File): Promise<UploadedImage> {
  return uploadImageFile(http, file);
}

export function useUploadEvidence() {
  const { http } = useHost();
  return (file: File) => uploadEvidence(http, file);
}
