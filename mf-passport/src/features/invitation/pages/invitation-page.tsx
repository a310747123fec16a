import { Button, DotLoading, ErrorBlock, List } from 'antd-mobile';
import { useHost } from '@cardwallet/shared';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '@cardwallet/shared/forms';
import { useInviter } from '../api/get-inviter';

/** The landing page of a share link: /pages/passport/invitation?refereeId=<userId>. */
export default function InvitationPage() {
  const { t } = useTranslation('passport');
  const { navigation } = useHost();
  const [params] = useSearchParams();
  const refereeId = (params.get('refereeId') ?? '').trim().slice(0, 64);
  const inviter = useInviter(refereeId);

  // The readable invite code when the link carried it, else the link's refereeId as given (the API
  // accepts either; it does not reveal a user's invite code to whoever holds their user id).
  const registerWithCode = (code: string) =>
    navigation.navigate(`/pages/passport/register?refereeId=${encodeURIComponent(code)}`);
  const registerWithout = () => navigation.navigate('/pages/passport/register');

  return (
    <main className="passport-page">
      <section className="passport-hero" aria-labelledby="invitation-heading">
        <h2 id="invitation-heading">{t('invitation.heading')}</h2>
        <p>{t('invitation.intro')}</p>
      </section>

      {!refereeId && (
        <ErrorBlock status="empty" title={t('invitation.missingTitle')} description={t('invitation.missingBody')} />
      )}

      {refereeId && inviter.isPending && (
        <p className="passport-loading" role="status">
          {t('common.loading')} <DotLoading />
        </p>
      )}

      {refereeId && inviter.isError && (
        <div className="passport-error-state">
          <ErrorBlock
            status="default"
            title={t('invitation.errorTitle')}
            description={<span role="alert">{apiErrorMessage(inviter.error, t)}</span>}
          />
          <Button fill="outline" onClick={() => void inviter.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      )}

      {inviter.data && (
        <section className="passport-inviter" aria-labelledby="inviter-name">
          <h3 id="inviter-name">{t('invitation.invitedBy', { name: inviter.data.displayName })}</h3>
          {inviter.data.inviteCode && (
            <List>
              <List.Item extra={<bdi dir="ltr">{inviter.data.inviteCode}</bdi>}>{t('invitation.code')}</List.Item>
            </List>
          )}
          <ul className="passport-bullets">
            <li>{t('invitation.perks.card')}</li>
            <li>{t('invitation.perks.wallet')}</li>
            <li>{t('invitation.perks.cashback')}</li>
          </ul>
        </section>
      )}

      <div className="passport-actions">
        {inviter.data ? (
          <Button
            block
            color="primary"
            size="large"
            onClick={() => registerWithCode(inviter.data.inviteCode ?? refereeId)}
          >
            {t('invitation.accept')}
          </Button>
        ) : (
          <Button
            block
            color="primary"
            size="large"
            onClick={registerWithout}
            disabled={Boolean(refereeId) && inviter.isPending}
          >
            {t('invitation.registerWithout')}
          </Button>
        )}
        <Button block fill="none" onClick={() => navigation.navigate('/pages/passport/welfare')}>
          {t('invitation.seeBenefits')}
        </Button>
      </div>
    </main>
  );
}
