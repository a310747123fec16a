import { NavListItem } from '@cardwallet/shared/ui';
import Button from 'antd-mobile/es/components/button';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import List from 'antd-mobile/es/components/list';
import Skeleton from 'antd-mobile/es/components/skeleton';
import { APP_VERSION_CODE } from '@cardwallet/shared';
import { useOperatorProfile } from './api/content';
import { useAboutTranslation } from './i18n';
import './about.css';

/** About us (spec §1/§2): who operates the service, its licences, the version, links. */
export default function AboutPage() {
  const { t } = useAboutTranslation();
  const profile = useOperatorProfile();
  return (
    <>
      <header className="cw-about-hero">
        <h2>{t('appName', { ns: 'shell' })}</h2>
        <p>{t('tagline')}</p>
        <p className="cw-ltr">{t('version', { version: APP_VERSION_CODE })}</p>
      </header>
      {profile.isPending ? (
        <section className="cw-about-section" aria-busy="true">
          <Skeleton.Paragraph lineCount={5} animated />
        </section>
      ) : profile.isError ? (
        <ErrorBlock status="default" title={<span role="alert">{t('loadFailed')}</span>} description="">
          <Button color="primary" onClick={() => void profile.refetch()}>
            {t('retry')}
          </Button>
        </ErrorBlock>
      ) : (
        <>
          <section className="cw-about-section" aria-labelledby="about-operator">
            <h3 id="about-operator">{t('operator')}</h3>
            <dl className="cw-about-dl">
              <dt>{t('operator')}</dt>
              <dd>{profile.data.legalName}</dd>
              <dt>{t('registration')}</dt>
              <dd>{profile.data.registration}</dd>
              <dt>{t('address')}</dt>
              <dd>{profile.data.address}</dd>
            </dl>
          </section>
          <section className="cw-about-section" aria-labelledby="about-licences">
            <h3 id="about-licences">{t('licences')}</h3>
            <ul className="cw-licences">
              {profile.data.licences.map((l) => (
                <li key={`${l.authority}-${l.number}`}>
                  {t('licenceLine', { licence: l.licence, authority: l.authority })}
                  <span className="cw-licence-number cw-ltr">{t('licenceNumber', { number: l.number })}</span>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
      <section className="cw-about-section" aria-label={t('links')}>
        <List>
          <NavListItem to="/pages/index/user_agreement">{t('agreement')}</NavListItem>
          <NavListItem to="/pages/about/help">{t('help')}</NavListItem>
          {profile.data && (
            <List.Item
              extra={
                <a className="cw-ltr" href={`mailto:${profile.data.support.email}`}>
                  {profile.data.support.email}
                </a>
              }
            >
              {t('contact')}
            </List.Item>
          )}
        </List>
      </section>
    </>
  );
}
