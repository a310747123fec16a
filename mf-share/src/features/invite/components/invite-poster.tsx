import { useRef, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import { useHost } from '@cardwallet/shared';
import { QrCode } from '@cardwallet/shared/ui';
import { useTranslation } from 'react-i18next';

const WIDTH = 320;
const HEIGHT = 480;
const QR_SIZE = 200;

/** Renders the poster SVG to a PNG (what a phone saves to its photos). */
async function posterPng(svg: SVGSVGElement): Promise<Blob> {
  const source = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([source], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('poster image failed'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    const scale = 3; // sharp on phone screens and in print
    canvas.width = WIDTH * scale;
    canvas.height = HEIGHT * scale;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no canvas');
    ctx.scale(scale, scale);
    ctx.drawImage(image, 0, 0, WIDTH, HEIGHT);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no png'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/**
 * The invitation poster: brand, headline, the QR code of the invitation link and the code. Saved
 * as a PNG (a download, or the system share sheet with the image where the browser offers one).
 */
export function InvitePoster({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation('share');
  const { toast } = useHost();
  const svgRef = useRef<SVGSVGElement>(null);
  const [saving, setSaving] = useState(false);
  const qrX = (WIDTH - QR_SIZE) / 2;

  const save = async () => {
    if (!svgRef.current || saving) return;
    setSaving(true);
    try {
      const png = await posterPng(svgRef.current);
      const file = new File([png], `cardwallet-invite-${code}.png`, { type: 'image/png' });
      if (typeof navigator.canShare === 'function' && navigator.canShare({ files: [file] })) {
        await navigator.share({ files: [file], title: t('poster.headline') });
      } else {
        const href = URL.createObjectURL(png);
        const a = document.createElement('a');
        a.href = href;
        a.download = file.name;
        a.click();
        setTimeout(() => URL.revokeObjectURL(href), 10_000);
      }
      toast.show(t('poster.saved'), { icon: 'success' });
    } catch (e) {
      if ((e as { name?: string }).name !== 'AbortError') toast.show(t('poster.saveFailed'), { icon: 'fail' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <figure className="share-poster">
      <svg
        ref={svgRef}
        xmlns="http://www.w3.org/2000/svg"
        role="img"
        aria-label={t('poster.label', { code })}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="share-poster-image"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Noto Sans Arabic', sans-serif"
      >
        <rect width={WIDTH} height={HEIGHT} rx="16" fill="#1d1f24" />
        <rect x="0" y="0" width={WIDTH} height="8" fill="#ffc300" />
        <text x={WIDTH / 2} y="56" textAnchor="middle" fill="#ffc300" fontSize="22" fontWeight="700">
          CardWallet
        </text>
        <text x={WIDTH / 2} y="92" textAnchor="middle" fill="#ffffff" fontSize="18" fontWeight="600">
          {t('poster.headline')}
        </text>
        <text x={WIDTH / 2} y="118" textAnchor="middle" fill="#d9d9d9" fontSize="13">
          {t('poster.subline')}
        </text>
        <rect x={qrX - 12} y="140" width={QR_SIZE + 24} height={QR_SIZE + 24} rx="12" fill="#ffffff" />
        <QrCode value={link} size={QR_SIZE} x={qrX} y={152} />
        <text x={WIDTH / 2} y="406" textAnchor="middle" fill="#d9d9d9" fontSize="13">
          {t('poster.codeLabel')}
        </text>
        <text
          x={WIDTH / 2}
          y="440"
          textAnchor="middle"
          fill="#ffffff"
          fontSize="28"
          fontWeight="700"
          letterSpacing="4"
          direction="ltr"
        >
          {code}
        </text>
      </svg>
      <figcaption className="share-poster-caption">
        <Button color="primary" block loading={saving} disabled={saving} onClick={() => void save()}>
          {t('poster.save')}
        </Button>
      </figcaption>
    </figure>
  );
}
