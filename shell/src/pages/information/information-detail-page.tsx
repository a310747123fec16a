import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useSearchParams } from 'react-router';
import { isApiError, useHost, type Locale } from '@cardwallet/shared';
import { useAnnouncement } from './api/announcements';
import { useMessage } from './api/messages';
import { useInformationTranslation } from './i18n';
import './information.css';

/** One message or announcement (spec §2 index/information-detail); opening it marks it read. */
export default function InformationDetailPage() {
  const { t, i18n } = useInformationTranslation();
  const host = useHost();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  const isAnnouncement = params.get('type') === 'announcement';
  const message = useMessage(isAnnouncement ? '' : id);
  const announcement = useAnnouncement(id, isAnnouncement);
  const query = isAnnouncement ? announcement : message;
  const locale = i18n.language as Locale;

  if (!/^\d{1,18}$/.test(id) || query.isError) {
    // "The message does not exist or is not open" — for a missing id, a stranger's or an unknown message alike.
    const text =
      query.isError && isApiError(query.error) && query.error.key === 'message_not_found'
        ? query.error.message
        : t('errors.message_not_found', { ns: 'common' });
    return <ErrorBlock status="empty" title={<span role="alert">{text}</span>} description="" />;
  }
  if (query.isPending) {
    return (
      <div className="cw-message-detail" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  const at = announcement.data?.publishedAt ?? message.data?.createdAt ?? '';
  const dateText = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at));
  return (
    <article className="cw-message-detail">
      <h2>{query.data?.title}</h2>
      <time dateTime={at}>
        {isAnnouncement ? t('published') : t('received')}: {dateText}
      </time>
      {announcement.data ? (
        // Sanitised by the API when it was written (docs/api.md "Content").
        <div className="cw-rich-text" dangerouslySetInnerHTML={{ __html: announcement.data.bodyHtml }} />
      ) : (
        <p>{message.data?.body}</p>
      )}
      {message.data?.link && (
        <Button block color="primary" onClick={() => host.navigation.navigate(message.data!.link!)}>
          {t('open')}
        </Button>
      )}
    </article>
  );
}
