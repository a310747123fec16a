import { useHost, type HttpClient } from '@cardwallet/shared';
import { uploadImageResult, type UploadedImage } from '@cardwallet/shared/schemas';

/** POST upload/image through the host client's multipart upload (the existing upload): one evidence image. */
export async function uploadEvidence(http: HttpClient, file: File): Promise<UploadedImage> {
  const data = uploadImageResult.parse(await http.upload<unknown>([file], { prompt: false }));
  return data.files[0]!;
}

export function useUploadEvidence() {
  const { http } = useHost();
  return (file: File) => uploadEvidence(http, file);
}
