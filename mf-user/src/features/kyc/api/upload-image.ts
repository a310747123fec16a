import { useHost, type HttpClient } from '@cardwallet/shared';
import { uploadImageResult, type UploadedImage } from '@cardwallet/shared/schemas';

/** POST upload/image through the host client's multipart upload (the spec's default upload path). */
export async function uploadImage(http: HttpClient, file: File): Promise<UploadedImage> {
  const data = uploadImageResult.parse(await http.upload<unknown>([file], { prompt: false }));
  return data.files[0]!;
}

export function useUploadImage() {
  const { http } = useHost();
  return (file: File) => uploadImage(http, file);
}
