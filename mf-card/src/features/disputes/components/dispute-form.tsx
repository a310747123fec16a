import { useId, useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import {
  CARD_DISPUTE_MAX_EVIDENCE,
  CARD_DISPUTE_MAX_TEXT,
  CARD_DISPUTE_REASONS,
  type CardDisputeReason,
  type CardOrder,
  type UploadedImage,
} from '@cardwallet/shared/schemas';
import { apiErrorMessage, FormAlert } from '@cardwallet/shared/forms';
import { ChoiceGroup } from '../../../components/choice-group';
import { useCreateDispute } from '../api/create-dispute';
import { useUploadEvidence } from '../api/upload-evidence';
import '../disputes.css';

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(16).slice(2)}`;

/**
 * Filing a dispute from a statement line: reason (tap 2), submit (tap 3) — the text, the evidence
 * images (the existing upload) and, for fraud, freezing the card are optional on the same form.
 * Free; the Idempotency-Key is made once per form, so a second tap or a retry files one dispute.
 */
export function DisputeForm({ order }: { order: CardOrder }) {
  const { t } = useTranslation('card');
  const { navigation } = useHost();
  const [key] = useState(newKey);
  const create = useCreateDispute(key);
  const upload = useUploadEvidence();
  const [reason, setReason] = useState<CardDisputeReason | ''>('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [freeze, setFreeze] = useState(true);
  const [images, setImages] = useState<Array<UploadedImage & { name: string }>>([]);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const ids = useId();

  async function addFiles(list: FileList | null) {
    if (!list || list.length === 0) return;
    setUploadError(null);
    const room = CARD_DISPUTE_MAX_EVIDENCE - images.length;
    const files = Array.from(list).slice(0, Math.max(0, room));
    if (files.length < list.length)
      setUploadError(t('disputes.form.tooManyImages', { max: CARD_DISPUTE_MAX_EVIDENCE }));
    setUploading(true);
    try {
      for (const file of files) {
        const image = await upload(file);
        setImages((prev) => [...prev, { ...image, name: file.name }]);
      }
    } catch (e) {
      setUploadError(apiErrorMessage(e, t));
    } finally {
      setUploading(false);
    }
  }

  function submit() {
    if (!reason) {
      setReasonError(t('disputes.form.reasonRequired'));
      return;
    }
    setFormError(null);
    // The promise, not mutate's per-call callbacks: the live event of the new dispute can reach the
    // statement first and replace this form by the "View the dispute" link, and callbacks of an
    // unmounted observer never run — the customer must still land on the dispute.
    create
      .mutateAsync({
        orderId: order.id,
        reason,
        ...(text.trim() ? { description: text.trim() } : {}),
        ...(images.length > 0 ? { evidence: images.map((i) => i.id) } : {}),
        ...(reason === 'fraud' ? { freezeCard: freeze } : {}),
      })
      .then(
        (d) => navigation.navigate(`/pages/card/dispute?id=${encodeURIComponent(d.id)}`),
        (e: unknown) => setFormError(apiErrorMessage(e, t)),
      );
  }

  return (
    <form
      className="dispute-form"
      aria-labelledby={`${ids}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id={`${ids}-title`} className="dispute-form-title">
        {t('disputes.form.title')}
      </h3>
      <p className="dispute-muted">{t('disputes.form.free')}</p>
      <ChoiceGroup
        legend={t('disputes.form.reason')}
        name={`${ids}-reason`}
        value={reason as CardDisputeReason}
        options={CARD_DISPUTE_REASONS.map((r) => ({ value: r, label: t(`disputes.reason.${r}`) }))}
        onChange={(v) => {
          setReason(v);
          setReasonError(null);
        }}
      />
      {reasonError ? (
        <p role="alert" className="dispute-error">
          {reasonError}
        </p>
      ) : null}
      {reason === 'fraud' ? (
        <div className="dispute-fraud">
          <p>{t('disputes.form.fraudHint')}</p>
          <label className="dispute-check">
            <input type="checkbox" checked={freeze} onChange={(e) => setFreeze(e.target.checked)} />
            {t('disputes.form.freeze')}
          </label>
        </div>
      ) : null}
      <label className="dispute-field" htmlFor={`${ids}-text`}>
        {t('disputes.form.text')}
      </label>
      <textarea
        id={`${ids}-text`}
        className="card-native-input dispute-textarea"
        maxLength={CARD_DISPUTE_MAX_TEXT}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <label className="dispute-field" htmlFor={`${ids}-files`}>
        {t('disputes.form.evidence', { max: CARD_DISPUTE_MAX_EVIDENCE })}
      </label>
      <input
        id={`${ids}-files`}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={uploading || images.length >= CARD_DISPUTE_MAX_EVIDENCE}
        aria-describedby={uploadError ? `${ids}-upload-error` : undefined}
        onChange={(e) => {
          void addFiles(e.target.files);
          e.target.value = '';
        }}
      />
      {uploading ? <p role="status">{t('disputes.form.uploading')}</p> : null}
      {uploadError ? (
        <p id={`${ids}-upload-error`} role="alert" className="dispute-error">
          {uploadError}
        </p>
      ) : null}
      {images.length > 0 ? (
        <ul className="dispute-images" aria-label={t('disputes.form.attached')}>
          {images.map((img) => (
            <li key={img.id}>
              <span className="cw-ltr">{img.name}</span>
              <button
                type="button"
                className="card-link"
                aria-label={t('disputes.form.remove', { name: img.name })}
                onClick={() => setImages((prev) => prev.filter((i) => i.id !== img.id))}
              >
                {t('disputes.form.removeShort')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <FormAlert message={formError} />
      <Button
        type="submit"
        color="primary"
        block
        loading={create.isPending}
        loadingText={t('disputes.form.submitting')}
        disabled={create.isPending || uploading}
        aria-disabled={create.isPending || uploading}
      >
        {t('disputes.form.submit')}
      </Button>
    </form>
  );
}
