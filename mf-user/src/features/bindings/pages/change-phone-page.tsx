import { useTranslation } from 'react-i18next';
import { useProfile } from '../../account/api/get-profile';
import { ChangeBindingFlow } from '../components/change-binding-flow';
import { ProfileGate } from './page-state';
import { useFinishBinding } from './use-finish-binding';

/** Change phone (spec §2): prove the current number (or the login password), then bind the new one. */
export default function ChangePhonePage() {
  const { t } = useTranslation('user');
  const profile = useProfile();
  const finish = useFinishBinding('change.done.mobile');
  if (!profile.isSuccess)
    return <ProfileGate pending={profile.isPending} error={profile.error} retry={() => void profile.refetch()} />;
  return (
    <main className="user-page">
      {profile.data.mobile ? (
        <ChangeBindingFlow channel="mobile" current={profile.data.mobile} onDone={finish} />
      ) : (
        <>
          <p className="user-hint">{t('change.noPhoneYet')}</p>
          <ChangeBindingFlow channel="mobile" current={null} other={profile.data.email} onDone={finish} />
        </>
      )}
    </main>
  );
}
