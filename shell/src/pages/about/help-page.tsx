import { useEffect, useState } from 'react';
import Collapse from 'antd-mobile/es/components/collapse';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import SearchBar from 'antd-mobile/es/components/search-bar';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { useArticle, useHelpArticles, useOperatorProfile } from './api/content';
import { FeedbackForm } from './feedback-form';
import { useAboutTranslation } from './i18n';
import './about.css';

const TOPICS = ['all', 'account', 'wallet', 'card', 'kyc', 'security'] as const;

/** Help centre (spec §1/§2 about/help): FAQ by topic with search, support groups, feedback. */
export default function HelpPage() {
  const { t } = useAboutTranslation();
  const [topic, setTopic] = useState<(typeof TOPICS)[number]>('all');
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  // Search as the customer types, once they pause.
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), 300);
    return () => clearTimeout(timer);
  }, [typed]);
  const articles = useHelpArticles(topic, q);
  const [open, setOpen] = useState<string | null>(null);
  const profile = useOperatorProfile();

  return (
    <>
      <div className="cw-help-search" role="search">
        {/* antd's clear icon is an unlabelled-role div with aria-label (an axe violation): the keyboard clears instead. */}
        <SearchBar
          placeholder={t('searchPlaceholder')}
          value={typed}
          onChange={setTyped}
          clearable={false}
          aria-label={t('searchPlaceholder')}
        />
      </div>
      <ul className="cw-help-topics" aria-label={t('topics')}>
        {TOPICS.map((key) => (
          <li key={key}>
            <button type="button" className="cw-help-topic" aria-pressed={topic === key} onClick={() => setTopic(key)}>
              {t(`topic.${key}`)}
            </button>
          </li>
        ))}
      </ul>
      <section className="cw-about-section" aria-labelledby="help-faq">
        <h3 id="help-faq">{t('faq')}</h3>
        {articles.isPending ? (
          <div aria-busy="true">
            <Skeleton.Paragraph lineCount={4} animated />
          </div>
        ) : articles.isError ? (
          <ErrorBlock status="default" title={<span role="alert">{t('loadFailed')}</span>} description="" />
        ) : articles.data.data.length === 0 ? (
          <p className="cw-help-empty" role="status">
            {t('noResults')}
          </p>
        ) : (
          <Collapse accordion activeKey={open ?? undefined} onChange={(key) => setOpen((key as string | null) ?? null)}>
            {articles.data.data.map((a) => (
              <Collapse.Panel key={a.id} title={a.title}>
                {open === a.id ? <ArticleBody id={a.id} /> : null}
              </Collapse.Panel>
            ))}
          </Collapse>
        )}
      </section>
      <section className="cw-about-section" aria-labelledby="help-contact">
        <h3 id="help-contact">{t('contactTitle')}</h3>
        {profile.data && (
          <ul className="cw-contact-list">
            {profile.data.support.groups.map((g) => (
              <li key={g.url}>
                <a href={g.url} target="_blank" rel="noopener noreferrer">
                  {t(`channel.${g.channel}`)}: {g.name}
                </a>
              </li>
            ))}
            <li>
              {t('email')}:{' '}
              <a className="cw-ltr" href={`mailto:${profile.data.support.email}`}>
                {profile.data.support.email}
              </a>
            </li>
            <li>{t('hours', { hours: profile.data.support.hours })}</li>
          </ul>
        )}
      </section>
      <section className="cw-about-section" aria-labelledby="help-feedback">
        <h3 id="help-feedback">{t('feedbackTitle')}</h3>
        <FeedbackForm />
      </section>
    </>
  );
}

function ArticleBody({ id }: { id: string }) {
  const { t } = useAboutTranslation();
  const article = useArticle(id);
  if (article.isPending) return <p aria-busy="true">{t('articleLoading')}</p>;
  if (article.isError) return <p role="alert">{t('loadFailed')}</p>;
  // Sanitised by the API when it was written (docs/api.md "Content").
  return <div className="cw-rich-text" dangerouslySetInnerHTML={{ __html: article.data.bodyHtml }} />;
}
