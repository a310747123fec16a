import { useId, useState } from 'react';
import Button from 'antd-mobile/es/components/button';
import TextArea from 'antd-mobile/es/components/text-area';
import { RATING_STARS, TEXTAREA_MAX_LENGTH, isApiError, useHost } from '@cardwallet/shared';
import { useSendFeedback } from './api/content';
import { useAboutTranslation } from './i18n';
import { StarRating } from './star-rating';

/** The help centre's feedback: a 5-star rating and a message of at most 140 characters (spec §9). */
export function FeedbackForm() {
  const { t } = useAboutTranslation();
  const host = useHost();
  const session = host.session.useSession();
  const send = useSendFeedback();
  const [rating, setRating] = useState(0);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; message?: string; form?: string }>({});
  const messageId = useId();
  const ratingId = useId();

  if (!session.isLoggedIn) {
    return (
      <div className="cw-feedback">
        <Button block color="primary" fill="outline" onClick={() => host.session.requireLogin()}>
          {t('loginToSend')}
        </Button>
      </div>
    );
  }

  const submit = () => {
    const next = {
      ...(rating < 1 ? { rating: t('ratingRequired') } : {}),
      ...(message.trim() === '' ? { message: t('messageRequired') } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    send.mutate(
      { rating, message: message.trim() },
      {
        onSuccess: () => {
          host.toast.show(t('sent'), { icon: 'success' });
          setRating(0);
          setMessage('');
        },
        onError: (error) => {
          const fields = isApiError(error) ? error.fields : undefined;
          setErrors({
            rating: fields?.rating,
            message: fields?.message,
            form: fields ? undefined : isApiError(error) ? error.message : t('loadFailed'),
          });
        },
      },
    );
  };

  return (
    <form
      className="cw-feedback"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <fieldset className="cw-feedback-rating" aria-invalid={Boolean(errors.rating)}>
        <legend className="cw-feedback-label" id={ratingId}>
          {t('rating')}
        </legend>
        <StarRating
          name={ratingId}
          count={RATING_STARS}
          value={rating}
          onChange={setRating}
          labelFor={(n) => t('ratingValue', { count: n })}
          describedBy={errors.rating ? `${ratingId}-error` : undefined}
        />
      </fieldset>
      {errors.rating && (
        <p className="cw-field-error" id={`${ratingId}-error`} role="alert">
          {errors.rating}
        </p>
      )}
      <label htmlFor={messageId}>{t('message')}</label>
      <TextArea
        id={messageId}
        value={message}
        onChange={setMessage}
        maxLength={TEXTAREA_MAX_LENGTH}
        showCount
        rows={4}
        placeholder={t('messagePlaceholder')}
        aria-invalid={Boolean(errors.message)}
        aria-describedby={errors.message ? `${messageId}-error` : undefined}
      />
      {errors.message && (
        <p className="cw-field-error" id={`${messageId}-error`} role="alert">
          {errors.message}
        </p>
      )}
      {errors.form && (
        <p className="cw-field-error" role="alert">
          {errors.form}
        </p>
      )}
      <Button block type="submit" color="primary" loading={send.isPending} disabled={send.isPending}>
        {t('send')}
      </Button>
    </form>
  );
}
