import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { isApiError, useHost, type Locale } from '@cardwallet/shared';
import { relativeTime } from '../information/relative-time';
import { newsDetailUrl, useNews } from './api/news';
import { useNewsTranslation } from './i18n';
import './news.css';

/** News articles (spec §1), 15 per page, pinned first; pull-to-refresh comes from the page frame. */
export default function NewsPage() {
  const { t, i18n } = useNewsTranslation();
  const { navigation } = useHost();
  const locale = i18n.language as Locale;
  const news = useNews();
  if (news.isPending) {
    return (
      <div aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((i) => (
          <div key={i} className="cw-news-skeleton">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        ))}
      </div>
    );
  }
  if (news.isError) {
    return (
      <ErrorBlock
        status="default"
        title={t('loadFailed')}
        description={<span role="alert">{isApiError(news.error) ? news.error.message : ''}</span>}
      >
        <Button color="primary" onClick={() => void news.refetch()}>
          {t('retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const articles = news.data.pages.flatMap((p) => p.data);
  if (articles.length === 0) return <ErrorBlock status="empty" title={t('emptyTitle')} description={t('emptyBody')} />;
  return (
    <>
      <ul className="cw-news-list">
        {articles.map((article) => (
          <li key={article.id}>
            <a
              href={newsDetailUrl(article.id)}
              className="cw-news-link"
              onClick={(event) => {
                event.preventDefault();
                navigation.navigate(newsDetailUrl(article.id));
              }}
            >
              <span className="cw-news-head">
                <span className="cw-news-title">
                  {article.pinned && <span className="cw-message-pinned">{t('pinned')}</span>}
                  {article.title}
                </span>
                <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt, locale, t('justNow'))}</time>
              </span>
              <span className="cw-news-summary">{article.summary}</span>
            </a>
          </li>
        ))}
      </ul>
      <InfiniteScroll loadMore={() => news.fetchNextPage().then(() => undefined)} hasMore={news.hasNextPage}>
        {news.hasNextPage ? t('loading') : t('noMore')}
      </InfiniteScroll>
    </>
  );
}
