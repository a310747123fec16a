import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useHost } from '@cardwallet/shared';
import { useProfile } from '../../account/api/get-profile';
import { maskAccount } from '../../../lib/mask';
import { ChangeBindingFlow } from '../components/change-binding-flow';
import { ProfileGate } from './page-state';
import { useFinishBinding } from './use-finish-binding';

/** Bind a mobile number (spec §2 bind-phone). One already bound is changed on change-phone. */
export default function BindPhonePage() {
  const { t } = useTranslation('user');
  const host = useHost();
  const profile = useProfile();
  const finish = useFinishBinding('bind.mobile.done');
  if (!profile.isSuccess)
    return <ProfileGate pending={profile.isPending} error={profile.error} retry={() => void profile.refetch()} />;
  if (profile.data.mobile) {
    return (
      <main className="user-page">
        <p className="user-hint">
          {t('bind.mobile.alreadyBound')} <span className="cw-ltr">{maskAccount(profile.data.mobile)}</span>
        </p>
        <div className="user-actions">
          <Button block color="primary" onClick={() => host.navigation.redirect('/pages/user/change-phone')}>
            {t('settings.changePhone')}
          </Button>
        </div>
      </main>
    );
  }
  return (
    <main className="user-page">
      <p className="user-hint">{t('bind.mobile.intro')}</p>
      <ChangeBindingFlow channel="mobile" current={null} other={profile.data.email} onDone={finish} />
    </main>
  );
}
