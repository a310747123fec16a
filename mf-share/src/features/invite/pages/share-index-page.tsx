import Button from 'antd-mobile/es/components/button';
import { LeftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { NavListItem } from '@cardwallet/shared/ui';
import List from 'antd-mobile/es/components/list';
import { LoadError } from '../../../components/load-error';
import { PageSkeleton } from '../../../components/page-skeleton';
import { useFormat } from '../../../lib/format';
import { useInvite } from '../api/get-invite';
import { useSummary } from '../api/get-summary';
import { CopyButton } from '@cardwallet/shared/ui';
import { InvitePoster } from '../components/invite-poster';

/** Invite friends (no nav bar: the page draws its own header): code, link, share, poster, totals. */
export default function ShareIndexPage() {
  const { t } = useTranslation('share');
  const { navigation } = useHost();
  const fmt = useFormat();
  const invite = useInvite();
  const summary = useSummary();
  const link = invite.data ? new URL(invite.data.invitePath, window.location.origin).toString() : '';
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({
        title: t('index.shareTitle'),
        text: t('index.shareText', { code: invite.data!.inviteCode }),
        url: link,
      });
    } catch {
      // Closing the share sheet is not an error worth telling.
    }
  };

  return (
    <main className="share-page">
      <header className="share-hero">
        <button type="button" className="share-back" aria-label={t('common.back')} onClick={() => navigation.back()}>
          <LeftOutline aria-hidden className="share-back-icon" />
        </button>
        <h1 className="share-hero-title">{t('index.title')}</h1>
        <p className="share-hero-sub">{t('index.subtitle')}</p>
        {summary.data && (
          <dl className="share-totals">
            <div>
              <dt>{t('index.totalEarned')}</dt>
              <dd className="cw-ltr">{fmt.usd(summary.data.total)}</dd>
            </div>
            <div>
              <dt>{t('index.friends')}</dt>
              <dd className="cw-ltr">{fmt.number(summary.data.level1.friends + summary.data.level2.friends)}</dd>
            </div>
            <div>
              <dt>{t('index.thisMonth')}</dt>
              <dd className="cw-ltr">{fmt.usd(summary.data.thisMonth)}</dd>
            </div>
          </dl>
        )}
      </header>

      {invite.isPending && <PageSkeleton rows={6} />}
      {invite.isError && <LoadError error={invite.error} onRetry={() => void invite.refetch()} />}
      {invite.data && (
        <>
          <section className="cw-card share-card" aria-labelledby="share-invitation">
            <h2 id="share-invitation" className="share-card-title">
              {t('index.myInvitation')}
            </h2>
            <div className="share-field">
              <span className="share-field-label">{t('index.code')}</span>
              <span className="share-code cw-ltr">{invite.data.inviteCode}</span>
              <CopyButton
                value={invite.data.inviteCode}
                label={t('index.copyCode')}
                text={t('common.copy')}
                copiedText={t('common.copied')}
                failedText={t('common.copyFailed')}
              />
            </div>
            <div className="share-field">
              <span className="share-field-label">{t('index.link')}</span>
              <span className="share-link cw-ltr">{link}</span>
              <CopyButton
                value={link}
                label={t('index.copyLink')}
                text={t('common.copy')}
                copiedText={t('common.copied')}
                failedText={t('common.copyFailed')}
              />
            </div>
            {canShare && (
              <Button color="primary" block onClick={() => void share()}>
                {t('index.share')}
              </Button>
            )}
          </section>

          <section className="cw-card share-card" aria-labelledby="share-rates">
            <h2 id="share-rates" className="share-card-title">
              {t('index.howItWorks')}
            </h2>
            <ul className="share-rules">
              <li>
                {t('index.ruleOpenCard', {
                  level1: fmt.usd(invite.data.rates.openCard.level1),
                  level2: fmt.usd(invite.data.rates.openCard.level2),
                })}
              </li>
              <li>
                {t('index.ruleRecharge', {
                  level1: invite.data.rates.recharge.level1,
                  level2: invite.data.rates.recharge.level2,
                })}
              </li>
              <li>{t('index.ruleCap', { cap: fmt.usd(invite.data.rates.monthlyCap) })}</li>
              <li>{t('index.ruleWallet')}</li>
            </ul>
          </section>

          <section className="cw-card share-card" aria-labelledby="share-poster">
            <h2 id="share-poster" className="share-card-title">
              {t('poster.title')}
            </h2>
            <InvitePoster link={link} code={invite.data.inviteCode} />
          </section>
        </>
      )}

      <List className="share-menu" aria-label={t('index.more')}>
        <NavListItem to="/pages/share/detail">{t('titles.detail')}</NavListItem>
        <NavListItem to="/pages/share/my-friend">{t('titles.myFriend')}</NavListItem>
        <NavListItem to="/pages/share/open-card">{t('titles.openCard')}</NavListItem>
        <NavListItem to="/pages/share/recharge-cash">{t('titles.rechargeCash')}</NavListItem>
        <NavListItem to="/pages/share/activity">{t('titles.activity')}</NavListItem>
        <NavListItem to="/pages/share/ranking">{t('titles.ranking')}</NavListItem>
      </List>
    </main>
  );
}
