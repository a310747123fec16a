import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';

/**
 * One evidence image of a dispute, fetched through the host client (the owner-only
 * `upload/image/<id>`: the session travels with the request, so another customer's id answers
 * not_found) and shown from a local object URL, released when the thumbnail goes away.
 */
function EvidenceThumb({ url, index, count }: { url: string; index: number; count: number }) {
  const { t } = useTranslation('card');
  const { http } = useHost();
  const image = useQuery({
    queryKey: ['card', 'dispute-evidence', url],
    queryFn: () => http.download(url, { prompt: false }),
    staleTime: Infinity,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!image.data) return undefined;
    const objectUrl = URL.createObjectURL(image.data);
    setSrc(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);
  const alt = t('disputes.evidenceThumbs.alt', { index: index + 1, count });
  if (image.isError) return <span className="dispute-evidence-missing">{t('disputes.evidenceThumbs.failed')}</span>;
  return src ? (
    <img className="dispute-evidence-thumb" src={src} alt={alt} width={72} height={72} />
  ) : (
    <span className="dispute-evidence-thumb" role="status" aria-label={alt} />
  );
}

/** The dispute's evidence images as thumbnails (dispute page). */
export function EvidenceThumbs({ evidence }: { evidence: ReadonlyArray<{ id: string; url: string }> }) {
  return (
    <ul className="dispute-evidence">
      {evidence.map((e, i) => (
        <li key={e.id}>
          <EvidenceThumb url={e.url} index={i} count={evidence.length} />
        </li>
      ))}
    </ul>
  );
}
