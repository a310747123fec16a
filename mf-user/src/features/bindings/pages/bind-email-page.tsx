import { useTranslation } from 'react-i18next';
import { useProfile } from '../../account/api/get-profile';
import { ChangeBindingFlow } from '../components/change-binding-flow';
import { ProfileGate } from './page-state';
import { useFinishBinding } from './use-finish-binding';

/** Bind an e-mail (spec §2 bind-email); one already bound is replaced only after re-authentication. */
export default function BindEmailPage() {
  const { t } = useTranslation('user');
  const profile = useProfile();
  const finish = useFinishBinding('bind.email.done');
  if (!profile.isSuccess)
    return <ProfileGate pending={profile.isPending} error={profile.error} retry={() => void profile.refetch()} />;
  return (
    <main className="user-page">
      {profile.data.email ? (
        <ChangeBindingFlow channel="email" current={profile.data.email} onDone={finish} />
      ) : (
        <>
          <p className="user-hint">{t('bind.email.intro')}</p>
          <ChangeBindingFlow channel="email" current={null} other={profile.data.mobile} onDone={finish} />
        </>
      )}
    </main>
  );
}
