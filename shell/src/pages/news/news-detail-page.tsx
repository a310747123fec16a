import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useSearchParams } from 'react-router';
import { useHost, type Locale } from '@cardwallet/shared';
import { NEWS_LIST_PATH, useNewsArticle } from './api/news';
import { useNewsTranslation } from './i18n';
import './news.css';

/** One news article in the reader's language (en-US when not translated), as sanitised rich text. */
export default function NewsDetailPage() {
  const { t, i18n } = useNewsTranslation();
  const { navigation } = useHost();
  const [params] = useSearchParams();
  const id = (params.get('id') ?? '').trim();
  const article = useNewsArticle(id);
  const locale = i18n.language as Locale;

  if (!/^\d{1,18}$/.test(id) || article.isError || (article.data && article.data.kind !== 'news')) {
    return (
      <ErrorBlock status="empty" title={<span role="alert">{t('notFound')}</span>} description="">
        <Button color="primary" onClick={() => navigation.redirect(NEWS_LIST_PATH)}>
          {t('backToNews')}
        </Button>
      </ErrorBlock>
    );
  }
  if (article.isPending) {
    return (
      <div className="cw-message-detail" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  const { title, publishedAt, bodyHtml } = article.data;
  return (
    <article className="cw-message-detail cw-news-article" lang={article.data.locale ?? undefined}>
      <h2>{title}</h2>
      <time dateTime={publishedAt}>
        {t('published')}: {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(publishedAt))}
      </time>
      {/* Sanitised by the API when it was written (docs/api.md "Content"). */}
      <div className="cw-rich-text" dangerouslySetInnerHTML={{ __html: bodyHtml }} />
    </article>
  );
}
