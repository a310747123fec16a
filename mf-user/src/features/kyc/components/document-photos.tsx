import { useEffect, useRef } from 'react';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { KYC1_MAX_DOCUMENT_IMAGES, UPLOAD_MAX_BYTES } from '@cardwallet/shared/schemas';
import { useUploadImage } from '../api/upload-image';
import { apiErrorMessage } from '@cardwallet/shared/forms';

/**
 * Photos of the document through the image upload (upload/image). The preview is the local file
 * (the stored image is only served to its owner with the session header, not to an <img>); the
 * item's key is the upload id the submission refers to.
 */
export function DocumentPhotos({
  value,
  onChange,
  labelId,
}: {
  value: ImageUploadItem[];
  onChange: (items: ImageUploadItem[]) => void;
  labelId: string;
}) {
  const { t } = useTranslation('user');
  const { toast } = useHost();
  const upload = useUploadImage();
  const box = useRef<HTMLDivElement>(null);
  // antd-mobile's previews carry no text alternative: name each photo for screen readers.
  useEffect(() => {
    box.current
      ?.querySelectorAll('img')
      .forEach((img, i) => img.setAttribute('alt', t('kyc.details.photoAlt', { n: i + 1 })));
  });
  return (
    <div aria-labelledby={labelId} role="group" ref={box}>
      <ImageUploader
        value={value}
        onChange={onChange}
        accept="image/jpeg,image/png"
        maxCount={KYC1_MAX_DOCUMENT_IMAGES}
        multiple
        beforeUpload={(file) => {
          if (file.size > UPLOAD_MAX_BYTES) {
            toast.show(t('kyc.details.tooLarge'), { icon: 'fail' });
            return null;
          }
          return file;
        }}
        upload={async (file) => {
          try {
            const stored = await upload(file);
            return { key: stored.id, url: URL.createObjectURL(file) };
          } catch (e) {
            toast.show(apiErrorMessage(e, t), { icon: 'fail' });
            throw e;
          }
        }}
      />
    </div>
  );
}
