import type { Locale } from '@cardwallet/shared';
import { relativeTime } from '../../information/relative-time';
import { NEWS_LIST_PATH, newsDetailUrl, useLatestNews } from '../../news/api/news';
import { PlaceholderLines } from './placeholder-lines';
import { useSignedInTranslation } from '../i18n/signed-in';
import { AppLink } from '@cardwallet/shared/ui';
import { LoadFailed } from './cards-glance';

export const HOME_NEWS_COUNT = 3;

/** The newest articles, each opening its page; "All news" opens the list. */
export function NewsPreview() {
  const { t, i18n } = useSignedInTranslation();
  const locale = i18n.language as Locale;
  const news = useLatestNews(HOME_NEWS_COUNT);
  return (
    <section className="cw-home-card" aria-labelledby="home-news">
      <div className="cw-home-section-head">
        <h2 id="home-news" className="cw-home-heading">
          {t('news')}
        </h2>
        <AppLink href={NEWS_LIST_PATH} className="cw-home-more">
          {t('allNews')}
        </AppLink>
      </div>
      {news.isPending ? (
        <div aria-busy="true">
          <PlaceholderLines lines={3} />
        </div>
      ) : news.isError ? (
        <LoadFailed onRetry={() => void news.refetch()} />
      ) : news.data.length === 0 ? (
        <p className="cw-home-empty">{t('noNews')}</p>
      ) : (
        <ul className="cw-home-news">
          {news.data.map((article) => (
            <li key={article.id}>
              <AppLink href={newsDetailUrl(article.id)} className="cw-home-news-link">
                <span className="cw-home-news-title">{article.title}</span>
                <time dateTime={article.publishedAt}>{relativeTime(article.publishedAt, locale, t('justNow'))}</time>
              </AppLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
