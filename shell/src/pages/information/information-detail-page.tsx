import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { isApiError, useHost, type Locale } from '@cardwallet/shared';
import { useMessage } from './api/messages';
import { useInformationTranslation } from './i18n';
import './information.css';

/** One message (spec §2 index/information-detail); opening it marks it read. */
export default function InformationDetailPage() {
  const { t, i18n } = useInformationTranslation();
  const host = useHost();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  const message = useMessage(id);
  const locale = i18n.language as Locale;

  if (!/^\d{1,18}$/.test(id) || message.isError) {
    // "The message does not exist or is not open" — for a missing id, a stranger's or an unknown message alike.
    const text = message.isError && isApiError(message.error) && message.error.message ? message.error.message : t('errors.message_not_found', { ns: 'common' });
    return <ErrorBlock status="empty" title={<span role="alert">{text}</span>} description="" />;
  }
  if (message.isPending) {
    return (
      <div className="cw-message-detail" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  const m = message.data;
  return (
    <article className="cw-message-detail">
      <h2>{m.title}</h2>
      <time dateTime={m.createdAt}>
        {t('received')}: {new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(m.createdAt))}
      </time>
      <p>{m.body}</p>
      {m.link && (
        <Button block color="primary" onClick={() => host.navigation.navigate(m.link!)}>
          {t('open')}
        </Button>
      )}
    </article>
  );
}
